// What every section of an account page is given (/account, /brand/account): the API it calls and what to do with a
// failed call first (the portal sends a 401 to its sign-in and back; true when handled).
export interface AccountSectionProps {
  /** The door's API base: '/api/v1' or '/brand/api/v1'. */
  api: string;
  intercept?: (error: unknown) => boolean;
}

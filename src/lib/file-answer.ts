/**
 * A file a service hands back to be saved: the name it is saved under, its Content-Type with any parameters
 * (charset, the calendar's method) and its bytes. A route sends it as an attachment with its `download`
 * (server/api/route.ts); the CLI writes it to disk.
 */
export interface FileAnswer<Body extends Buffer | string = Buffer | string> {
  filename: string;
  type: string;
  body: Body;
}

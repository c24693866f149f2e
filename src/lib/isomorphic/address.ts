// An address on one line as guests read it: the prefecture first, unless the address already starts with it (most do).
// The reservation pages, the booking form, the calendar link and the mails all write it this way. Browser-safe.

/** `state` then `address`, the prefecture left out when the address begins with it; either may be missing. */
export function joinAddress(state: string | null | undefined, address: string | null | undefined): string {
  return `${state && !address?.startsWith(state) ? state : ''}${address ?? ''}`;
}

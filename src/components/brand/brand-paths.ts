// The brand portal's paths and its 401 rule: a signed-out member (page or call) goes to /brand/sign_in and back to
// the page afterwards; only same-site paths under /brand come back (safeRedirect with the /brand scope).
import { ApiError, safeRedirect } from '#src/lib/isomorphic/api-client';

const BRAND_HOME = '/brand';
export const BRAND_API = '/brand/api/v1';

/**
 * The path to return to after signing in: under /brand, else /brand; never the sign-out page (a link elsewhere must
 * not be able to sign a member out right after signing in).
 */
export function brandReturnPath(value: string | null | undefined): string {
  const path = safeRedirect(value, BRAND_HOME);
  // The path as the router reads it (escapes decoded, repeated slashes as one), so no spelling of the sign-out page
  // gets past; a path whose escapes cannot be decoded is no page to return to.
  let pathname: string;
  try {
    pathname = decodeURIComponent(path.split(/[?#]/, 1)[0]).replace(/\/{2,}/g, '/');
  } catch {
    return BRAND_HOME;
  }
  return /^\/brand\/sign_out(?:\/|$)/.test(pathname) ? BRAND_HOME : path;
}

export function brandSignInUrl(returnTo: string): string {
  const path = brandReturnPath(returnTo);
  return path === BRAND_HOME ? '/brand/sign_in' : `/brand/sign_in?redirect=${encodeURIComponent(path)}`;
}

/** A failed call that means the session is gone: go to sign-in (and back afterwards). True when handled. */
export function handleUnauthorized(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  const { pathname, search, hash } = window.location;
  window.location.assign(brandSignInUrl(`${pathname}${search}${hash}`));
  return true;
}

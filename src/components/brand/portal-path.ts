// Which paths belong to the brand portal, on its own (no imports): the marketplace's layout reads it on every page.

/** A path of the portal (/brand, /brand/…; not the marketplace's /brands or /brand_ambassador). */
export function isPortalPath(pathname: string): boolean {
  return pathname === '/brand' || pathname.startsWith('/brand/');
}

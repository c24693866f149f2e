import { describe, expect, it } from 'vitest';
import { safeRedirect } from '#src/lib/isomorphic/api-client';
import { brandReturnPath, brandSignInUrl } from './brand-paths';
import { isPortalPath } from './portal-path';

describe('brandReturnPath (the one return-path check, scoped to /brand)', () => {
  it('keeps same-site paths under /brand with their query', () => {
    expect(brandReturnPath('/brand')).toBe('/brand');
    expect(brandReturnPath('/brand/communities?page=2')).toBe('/brand/communities?page=2');
    expect(brandReturnPath('/brand/communities/3/experience?held_at=past#x')).toBe('/brand/communities/3/experience?held_at=past#x');
  });

  it('refuses other sites, other areas and disguised paths', () => {
    for (const value of [
      null,
      undefined,
      '',
      'https://evil.example/brand',
      '//evil.example/brand',
      '/brand//evil.example',
      '/brand/\\evil',
      '/\\evil.example',
      '/brand/\tx',
      '/brand/\nx',
      '/brand/%2F%2Fevil.example',
      '/brand/%5Cevil',
      '/brand/%09x',
      '/%2F%2Fevil.example',
      '/brand/../admin',
      '/brand/%2e%2e/admin',
      '/brands',
      '/brand_ambassador',
      '/admin',
      'javascript:alert(1)',
      '/brand/%E0%A4%A',
    ]) {
      expect(brandReturnPath(value), String(value)).toBe('/brand');
    }
  });

  it('never returns to the sign-out page, however its path is spelled', () => {
    for (const value of ['/brand/sign_out', '/brand/sign_out?confirm=1', '/brand/sign_out/', '/brand/%73ign_out', '/brand/sign%5Fout']) {
      expect(brandReturnPath(value), value).toBe('/brand');
    }
    expect(brandReturnPath('/brand/sign_outside')).toBe('/brand/sign_outside');
  });

  it('builds the sign-in URL with the encoded return path, or none for the top', () => {
    expect(brandSignInUrl('/brand/members')).toBe('/brand/sign_in?redirect=%2Fbrand%2Fmembers');
    expect(brandSignInUrl('//evil.example')).toBe('/brand/sign_in');
  });

  it('leaves the marketplace check as it was for plain paths', () => {
    expect(safeRedirect('/experiences/1?x=1')).toBe('/experiences/1?x=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil')).toBe('/');
  });
});

describe('isPortalPath', () => {
  it('is /brand and what lies under it, not the marketplace pages that start alike', () => {
    for (const path of ['/brand', '/brand/', '/brand/members', '/brand/no-such-page/x']) expect(isPortalPath(path), path).toBe(true);
    for (const path of ['/', '/brands', '/brands/1', '/brand_ambassador', '/brandx']) expect(isPortalPath(path), path).toBe(false);
  });
});

// https://vike.dev/data — /brand/communities/new (signed-in members only).
import type { PageContextServer } from 'vike/types';
import { memberPage } from '#pages/brand/brand-data';

export function data(pageContext: PageContextServer) {
  return memberPage(pageContext);
}

// The links from an experience to its prefecture's list and to its host's page (spec route table). Apart from the
// search's rules (experiences.shared.ts) because the home and experience pages need only these: each module is a
// chunk of its own in the browser build, loaded whole.
// biome-ignore lint/style/noRestrictedImports: types only (erased by the build; the shapes live with their schemas).
import type { HostType } from './experiences.schemas';

export function locationPath(state: string): string {
  return `/stories/location/${encodeURIComponent(state)}`;
}

export function hostPath(host: { id: number; type: HostType }): string {
  return host.type === 'user' ? `/users/${host.id}` : `/ambassadors/${host.id}`;
}

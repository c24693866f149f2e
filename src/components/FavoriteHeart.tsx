// The heart (お気に入り) on an experience card and the experience page. Signed out: a link to /logon that comes back
// to this page (the shared signed-out render is the same for every visitor). Signed in: a toggle, pressed when the
// signed-in render says so, that saves at once.
//
// The toggle is one click listener on the document, not React state: it works from the moment this script runs (also
// before the page has hydrated), and the cards carry no hooks, so they stay light enough for the pages' first load
// (tests/e2e/js-budget.test.ts). The icon is drawn by the stylesheet (favorite-heart.css).
import { createElement } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { logonUrl } from '#src/lib/isomorphic/api-client';
import { attributesHtml } from './seo';
import './favorite-heart.css';

/**
 * A press on a signed-in heart: shows the new state at once, saves it (PUT/DELETE /api/v1/experiences/{id}/favorite),
 * and turns back when the save fails (also when the session has ended: the next page shows the sign-in link).
 */
async function toggle(event: MouseEvent) {
  // A disabled button (a save under way) receives no click.
  const button = (event.target as Element).closest?.<HTMLButtonElement>('button[data-favorite]');
  if (!button) return;
  const show = (on: boolean) => button.setAttribute('aria-pressed', String(button.classList.toggle('heart--on', on)));
  const on = !button.classList.contains('heart--on');
  show(on);
  button.disabled = true;
  const res = await fetch(`/api/v1/experiences/${button.dataset.favorite}/favorite`, { method: on ? 'PUT' : 'DELETE' }).catch(() => null);
  if (!res?.ok) show(!on);
  button.disabled = false;
}

if (typeof document !== 'undefined') document.addEventListener('click', toggle);

/**
 * The heart's element and attributes (HTML names): a pressed or unpressed toggle for a signed-in visitor, else the
 * sign-in link that comes back to `urlOriginal`. The one description FavoriteHeart renders and heartHtml writes.
 */
function heartElement(
  experienceId: number,
  initial: boolean,
  signedIn: boolean,
  urlOriginal: string,
): ['button' | 'a', Record<string, string>] {
  const className = initial ? 'heart heart--on' : 'heart';
  return signedIn
    ? [
        'button',
        {
          type: 'button',
          class: className,
          'aria-pressed': String(initial),
          'aria-label': ja.nav.favorites,
          'data-favorite': String(experienceId),
        },
      ]
    : ['a', { class: 'heart', href: logonUrl(urlOriginal), 'aria-label': ja.nav.favorites }];
}

/** The heart; where it sits (over a card's photo, beside the page's title) is its container's style. */
export function FavoriteHeart({ experienceId, initial }: { experienceId: number; initial: boolean }) {
  const { user, urlOriginal } = usePageContext();
  const [tag, { class: className, ...attributes }] = heartElement(experienceId, initial, Boolean(user), urlOriginal);
  return createElement(tag, { ...attributes, className });
}

/** The hearts of a grid's cards, pressed for the cards the signed-in visitor has in お気に入り (`favoriteIdsOf`). */
export function heartsOf(favoriteIds: readonly number[]) {
  return (experienceId: number) => <FavoriteHeart experienceId={experienceId} initial={favoriteIds.includes(experienceId)} />;
}

/**
 * The same hearts as markup strings, for a grid written as server-only HTML (the /stories cards). Signed out, every
 * card's heart is the same link, written once.
 */
export function heartsHtml(favoriteIds: readonly number[], signedIn: boolean, urlOriginal: string) {
  const html = (experienceId: number) => {
    const [tag, attributes] = heartElement(experienceId, favoriteIds.includes(experienceId), signedIn, urlOriginal);
    return `<${tag}${attributesHtml(attributes)}></${tag}>`;
  };
  if (signedIn) return html;
  const signedOut = html(0);
  return () => signedOut;
}

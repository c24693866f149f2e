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
  const button = (event.target as Element).closest?.<HTMLButtonElement>('button[data-favorite]');
  // While a save is under way the button is aria-disabled and ignores presses. It is not `disabled`: that would drop
  // the focus to <body>, and the new aria-pressed would not be announced.
  if (!button || button.getAttribute('aria-disabled') === 'true') return;
  const show = (on: boolean) => button.setAttribute('aria-pressed', String(button.classList.toggle('heart--on', on)));
  const on = !button.classList.contains('heart--on');
  show(on);
  button.setAttribute('aria-disabled', 'true');
  const res = await fetch(`/api/v1/experiences/${button.dataset.favorite}/favorite`, { method: on ? 'PUT' : 'DELETE' }).catch(() => null);
  if (!res?.ok) show(!on);
  button.removeAttribute('aria-disabled');
}

if (typeof document !== 'undefined') document.addEventListener('click', toggle);

/** What a heart is for: the experience's id and title (its name says which experience it is, among a grid's hearts). */
export interface HeartExperience {
  id: number;
  title: string;
}

/**
 * The heart's element and attributes (HTML names): a pressed or unpressed toggle for a signed-in visitor, else the
 * sign-in link that comes back to `urlOriginal`. The one description FavoriteHeart renders and heartsHtml writes.
 */
function heartElement(
  experience: HeartExperience,
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
          'aria-label': ja.nav.heartToggle(experience.title),
          'data-favorite': String(experience.id),
        },
      ]
    : ['a', { class: 'heart', href: logonUrl(urlOriginal), 'aria-label': ja.nav.heartSignIn(experience.title) }];
}

/** The heart; where it sits (over a card's photo, beside the page's title) is its container's style. */
export function FavoriteHeart({ experience, initial }: { experience: HeartExperience; initial: boolean }) {
  const { user, urlOriginal } = usePageContext();
  const [tag, { class: className, ...attributes }] = heartElement(experience, initial, Boolean(user), urlOriginal);
  return createElement(tag, { ...attributes, className });
}

/** The hearts of a grid's cards, pressed for the cards the signed-in visitor has in お気に入り (`favoriteIdsOf`). */
export function heartsOf(favoriteIds: readonly number[]) {
  return (experience: HeartExperience) => <FavoriteHeart experience={experience} initial={favoriteIds.includes(experience.id)} />;
}

/** The same hearts as markup strings, for a grid written as server-only HTML (the /stories cards). */
export function heartsHtml(favoriteIds: readonly number[], signedIn: boolean, urlOriginal: string) {
  return (experience: HeartExperience) => {
    const [tag, attributes] = heartElement(experience, favoriteIds.includes(experience.id), signedIn, urlOriginal);
    return `<${tag}${attributesHtml(attributes)}></${tag}>`;
  };
}

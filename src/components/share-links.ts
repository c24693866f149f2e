// The share links of a page (LINE, X, Facebook): plain links to each service's share page, opened in a popup of the
// spec's size when the browser runs the page's script. Used by the experience page and the reservation completion.
import type { MouseEvent } from 'react';

export interface ShareLinks {
  line: string;
  x: string;
  facebook: string;
}

export function shareLinks(url: string, text: string): ShareLinks {
  const u = encodeURIComponent(url);
  return {
    line: `https://social-plugins.line.me/lineit/share?url=${u}`,
    x: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(text)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
  };
}

/** Spec §9: share popups are 626 x 436. */
export function openSharePopup(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  window.open(event.currentTarget.href, 'share', 'width=626,height=436,noopener');
}

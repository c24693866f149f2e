// The one reading of the visitor's motion preference for scripted scrolling; CSS animations and `scroll-behavior`
// follow the same preference through global.css's `prefers-reduced-motion` rule.

/** `smooth`, or `auto` (an instant jump) when the visitor asks for reduced motion. Pass as scrollIntoView's `behavior`. */
export function scrollBehavior(): ScrollBehavior {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

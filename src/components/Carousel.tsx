// An image carousel built on CSS scroll snapping: swipeable and fully visible before hydration; buttons and dots
// scroll the track. Auto-advance (spec §9: every 3 seconds) pauses while the pointer is over it, while it has
// keyboard focus or is being touched, and with the pause button (a click no longer stops it for good). It also waits
// while nobody can see it (scrolled out of the window, or the tab in the background): each advance is a smooth scroll
// the device draws, and a page left open would draw one every 3 seconds for nobody.
// prefers-reduced-motion: no auto-advance at all and no smooth scrolling (followed live if the setting changes).
//
// The pause button is a toggle button like the site's other toggles (the hearts, the slots): one fixed label,
// 「自動再生を停止」, and its state in aria-pressed (pressed: stopped). A label that changed with the state as well
// would be read as a contradiction (「自動再生」, pressed), and a screen reader announces a pressed state reliably
// where it may not announce a new label of the focused button.
import { type RefObject, useEffect, useRef, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { imageSrcSet } from '#src/modules/uploads/uploads.shared';
import './carousel.css';

export interface CarouselProps {
  /** The photos, each with its own text where one is written (an experience's, by its host). */
  images: { url: string; alt?: string | null }[];
  /** The carousel's name, and the alt of a photo without its own text: "{alt}の写真{n}". */
  alt: string;
  autoAdvanceMs?: number;
}

/** Whether `target` is on the screen: inside the window (any part of it) and its tab in the foreground. */
function useOnScreen(target: RefObject<HTMLElement | null>, watch: boolean): boolean {
  const [inWindow, setInWindow] = useState(true);
  const [tabVisible, setTabVisible] = useState(true);
  useEffect(() => {
    const el = target.current;
    if (!watch || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInWindow(entry.isIntersecting));
    observer.observe(el);
    const onVisibility = () => setTabVisible(document.visibilityState !== 'hidden');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [target, watch]);
  return inWindow && tabVisible;
}

/** Whether the visitor asked for reduced motion, following changes of the setting. */
function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!query) return;
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

export function Carousel({ images, alt, autoAdvanceMs = 0 }: CarouselProps) {
  const track = useRef<HTMLUListElement>(null);
  const region = useRef<HTMLElement>(null);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touched, setTouched] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useReducedMotion();
  const count = images.length;
  const autoplay = autoAdvanceMs > 0 && count > 1 && !reducedMotion;
  const onScreen = useOnScreen(region, autoplay);
  const running = autoplay && onScreen && !stopped && !hovered && !focused && !touched;

  function go(to: number) {
    const el = track.current;
    if (!el || count === 0) return;
    const next = (to + count) % count;
    el.scrollTo({ left: next * el.clientWidth, behavior: reducedMotion ? 'auto' : 'smooth' });
    setIndex(next);
  }

  function onScroll() {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setIndex(Math.round(el.scrollLeft / el.clientWidth));
  }

  // One timer per shown slide: it restarts whenever the slide changes (also by hand) or the carousel resumes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: go() reads the current index; the timer restarts on index.
  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => go(index + 1), autoAdvanceMs);
    return () => window.clearTimeout(timer);
  }, [running, index, autoAdvanceMs]);

  if (count === 0) {
    return (
      <div className="carousel carousel--empty">
        <span>{ja.browse.noImage}</span>
      </div>
    );
  }

  return (
    // WAI-ARIA carousel pattern: a labelled region; hovering or focusing it pauses the auto-advance.
    <section
      ref={region}
      className="carousel"
      aria-roledescription={ja.browse.carouselRole}
      aria-label={ja.browse.carouselLabel(alt)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      // Keyboard focus pauses; a mouse click leaves focus on a button but must not stop the carousel for good.
      onFocus={(e) => setFocused(e.target.matches(':focus-visible'))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onTouchStart={() => setTouched(true)}
      onTouchEnd={() => setTouched(false)}
      onTouchCancel={() => setTouched(false)}
      data-testid="carousel"
      data-autoplay={autoplay ? (running ? 'running' : 'paused') : 'off'}
    >
      <ul className="carousel__track" ref={track} onScroll={onScroll}>
        {images.map((image, i) => (
          <li className="carousel__slide" key={`${image.url}-${i}`} aria-hidden={i !== index}>
            <img
              src={image.url}
              srcSet={imageSrcSet(image.url)}
              // The full width on phones and tablets; the photo column (beside the 390px slot list) above 1080px.
              sizes="(min-width: 1081px) 700px, 100vw"
              alt={image.alt || ja.browse.images(alt, i + 1)}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              decoding="async"
              width={960}
              height={720}
            />
          </li>
        ))}
      </ul>
      {count > 1 && (
        <>
          <button
            type="button"
            className="carousel__nav carousel__nav--prev"
            onClick={() => go(index - 1)}
            aria-label={ja.browse.carouselPrev}
          >
            ‹
          </button>
          <button
            type="button"
            className="carousel__nav carousel__nav--next"
            onClick={() => go(index + 1)}
            aria-label={ja.browse.carouselNext}
          >
            ›
          </button>
          {autoplay && (
            <button
              type="button"
              className="carousel__toggle"
              onClick={() => setStopped((v) => !v)}
              aria-pressed={stopped}
              data-testid="carousel-toggle"
            >
              {ja.details.carouselStop}
            </button>
          )}
          <div className="carousel__dots">
            {images.map((image, i) => (
              <button
                type="button"
                key={`${image.url}-dot-${i}`}
                className="carousel__dot"
                aria-current={i === index}
                aria-label={ja.browse.carouselGoTo(i + 1)}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

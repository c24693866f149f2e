// An image carousel built on CSS scroll snapping: swipeable and fully visible before hydration; buttons and dots
// scroll the track. Auto-advance (spec §9: every 3 seconds) pauses while hovered or focused, and is off for
// visitors who prefer reduced motion.
import { useEffect, useRef, useState } from 'react';
import { ja } from '#src/i18n/ja';
import { imageSrcSet } from '#src/modules/uploads/uploads.schemas';
import './carousel.css';

export interface CarouselProps {
  images: { url: string }[];
  /** Text for the images' alt attributes: "{alt}の写真{n}". */
  alt: string;
  autoAdvanceMs?: number;
}

export function Carousel({ images, alt, autoAdvanceMs = 0 }: CarouselProps) {
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = images.length;

  function go(to: number) {
    const el = track.current;
    if (!el || count === 0) return;
    const next = (to + count) % count;
    el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    setIndex(next);
  }

  function onScroll() {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setIndex(Math.round(el.scrollLeft / el.clientWidth));
  }

  useEffect(() => {
    if (!autoAdvanceMs || count < 2 || paused) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => go(index + 1), autoAdvanceMs);
    return () => window.clearInterval(timer);
  });

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
      className="carousel"
      aria-roledescription={ja.browse.carouselRole}
      aria-label={ja.browse.carouselLabel(alt)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onTouchStart={() => setPaused(true)}
      data-testid="carousel"
    >
      <ul className="carousel__track" ref={track} onScroll={onScroll}>
        {images.map((image, i) => (
          <li className="carousel__slide" key={`${image.url}-${i}`} aria-hidden={i !== index}>
            <img
              src={image.url}
              srcSet={imageSrcSet(image.url)}
              // The full width on phones and tablets; the photo column (beside the 390px slot list) above 1080px.
              sizes="(min-width: 1081px) 700px, 100vw"
              alt={ja.browse.images(alt, i + 1)}
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

import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CAROUSEL_SCROLL_PX } from '@referio/shared/islands';
import type { Testimonial } from '@referio/shared';

/** Scrolls the track by `delta` px (smoothly where the browser can). */
export function scrollTrack(track: HTMLElement | null, delta: number): void {
  if (!track) return;
  if (typeof track.scrollBy === 'function') track.scrollBy({ left: delta, behavior: 'smooth' });
  else track.scrollLeft += delta;
}

/** The Success Stories section around its content (the carousel, or a spinner or message). */
export function StoriesFrame({
  controls,
  children,
}: {
  controls?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      className="rf-landing__section rf-carousel"
      aria-roledescription="carousel"
      aria-labelledby="rf-landing-stories"
    >
      <div className="rf-carousel__head">
        <h2 id="rf-landing-stories">Success Stories</h2>
        {controls}
      </div>
      {children}
    </section>
  );
}

export interface StoriesProps {
  items: Testimonial[];
}

/**
 * Success Stories: the testimonials in a carousel, 300 px per click, usable with the keyboard. Rendered from
 * its props alone: on the landing page as the server sent it, an island (`mfe_public/StoriesIsland`).
 */
export function Stories({ items }: StoriesProps) {
  const track = useRef<HTMLUListElement>(null);
  if (items.length === 0) {
    return (
      <StoriesFrame>
        <p>No success stories yet.</p>
      </StoriesFrame>
    );
  }

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      scrollTrack(track.current, CAROUSEL_SCROLL_PX);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      scrollTrack(track.current, -CAROUSEL_SCROLL_PX);
    }
  };

  const controls = (
    <div className="rf-carousel__controls">
      <button
        type="button"
        className="rf-carousel__button"
        aria-label="Previous stories"
        onClick={() => scrollTrack(track.current, -CAROUSEL_SCROLL_PX)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className="rf-carousel__button"
        aria-label="Next stories"
        onClick={() => scrollTrack(track.current, CAROUSEL_SCROLL_PX)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );

  return (
    <StoriesFrame controls={controls}>
      <ul
        ref={track}
        className="rf-carousel__track"
        aria-label="Stories (use the arrow keys to scroll)"
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        {items.map((t, i) => (
          <li
            key={t._id}
            className="rf-carousel__slide rf-card"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${items.length}: ${t.name}`}
          >
            <figure>
              <blockquote>
                <p>{t.description}</p>
              </blockquote>
              <figcaption>
                {t.profile ? (
                  <img
                    src={t.profile}
                    alt={`${t.name}, profile photo`}
                    width={48}
                    height={48}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <span>
                  <strong>{t.name}</strong>
                  <span className="rf-carousel__position">{t.position}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </StoriesFrame>
  );
}

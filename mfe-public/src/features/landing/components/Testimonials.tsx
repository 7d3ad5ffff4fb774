import { useRef, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CAROUSEL_SCROLL_PX, Spinner, siteQueries } from '@referio/shared';

/** Scrolls the track by `delta` px (smoothly where the browser can). */
export function scrollTrack(track: HTMLElement | null, delta: number): void {
  if (!track) return;
  if (typeof track.scrollBy === 'function') track.scrollBy({ left: delta, behavior: 'smooth' });
  else track.scrollLeft += delta;
}

/** Success Stories: the testimonials in a carousel, 300 px per click, usable with the keyboard. */
export default function Testimonials() {
  const track = useRef<HTMLUListElement>(null);
  const query = useQuery(siteQueries.testimonials());
  const items = query.data ?? [];

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      scrollTrack(track.current, CAROUSEL_SCROLL_PX);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      scrollTrack(track.current, -CAROUSEL_SCROLL_PX);
    }
  };

  return (
    <section
      className="rf-landing__section rf-carousel"
      aria-roledescription="carousel"
      aria-labelledby="rf-landing-stories"
    >
      <div className="rf-carousel__head">
        <h2 id="rf-landing-stories">Success Stories</h2>
        {items.length > 0 && (
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
        )}
      </div>
      {query.isPending ? (
        <Spinner label="Loading success stories" />
      ) : query.isError ? (
        <p>Success stories could not be loaded.</p>
      ) : items.length === 0 ? (
        <p>No success stories yet.</p>
      ) : (
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
      )}
    </section>
  );
}

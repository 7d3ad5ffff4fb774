import { padTwo } from '../format/format';
import { cx } from './cx';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
  className?: string;
}

/** Page numbers to show: all up to 7, else first, last and the current neighbourhood. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const out: (number | 'gap')[] = [1];
  const from = Math.max(2, Math.min(page - 1, pageCount - 4));
  const to = Math.min(pageCount - 1, Math.max(page + 1, 5));
  if (from > 2) out.push('gap');
  for (let p = from; p <= to; p++) out.push(p);
  if (to < pageCount - 1) out.push('gap');
  out.push(pageCount);
  return out;
}

/** Numbered pages padded to two digits ('01', '02'), with previous and next. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pagination',
  className,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, page), pageCount);
  return (
    <nav aria-label={label} className={cx('rf-pagination', className)}>
      <button
        type="button"
        className="rf-pagination__step"
        aria-label="Previous page"
        disabled={current <= 1}
        onClick={() => onPageChange(current - 1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <ul className="rf-pagination__list">
        {pageWindow(current, pageCount).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className="rf-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <button
                type="button"
                className={cx(
                  'rf-pagination__page',
                  p === current && 'rf-pagination__page--current',
                )}
                aria-label={`Page ${p}`}
                aria-current={p === current ? 'page' : undefined}
                onClick={() => p !== current && onPageChange(p)}
              >
                {padTwo(p)}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="rf-pagination__step"
        aria-label="Next page"
        disabled={current >= pageCount}
        onClick={() => onPageChange(current + 1)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}

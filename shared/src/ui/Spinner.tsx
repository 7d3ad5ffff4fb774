import { cx } from './cx';

export interface SpinnerProps {
  /** Read by screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A busy indicator announced politely to screen readers. */
export function Spinner({ label = 'Loading…', size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cx('rf-spinner', `rf-spinner--${size}`, className)}>
      <span className="rf-spinner__ring" aria-hidden="true" />
      <span className="rf-visually-hidden">{label}</span>
    </span>
  );
}

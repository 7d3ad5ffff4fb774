import type { ReactNode } from 'react';
import { cx } from './cx';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Decorative; hidden from screen readers. */
  icon?: ReactNode;
  /** A button or link that gets the user going. */
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing, e.g. 'No jobs match your search'. */
export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cx('rf-empty', className)}>
      {icon && (
        <div className="rf-empty__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <p className="rf-empty__title">{title}</p>
      {description && <p className="rf-empty__text">{description}</p>}
      {action && <div className="rf-empty__action">{action}</div>}
    </div>
  );
}

import { Spinner } from '@referio/shared';
import './PageSpinner.css';

/** The placeholder while a page's code is on its way. */
export function PageSpinner({ label = 'Loading page…' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label} />
    </div>
  );
}

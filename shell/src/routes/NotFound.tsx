import { Link } from 'react-router-dom';
import { paths } from '@referio/shared';
import './NotFound.css';

export default function NotFound() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        Page not found
      </h1>
      <p className="not-found__text">The page you are looking for does not exist or has moved.</p>
      <div className="not-found__actions">
        <Link to={paths.home()} className="rf-btn rf-btn--primary rf-btn--md">
          Go to the home page
        </Link>
        <Link to={paths.companyList()} className="rf-btn rf-btn--secondary rf-btn--md">
          Browse Companies
        </Link>
      </div>
    </section>
  );
}

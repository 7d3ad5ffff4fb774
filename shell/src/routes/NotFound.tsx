import { Link } from 'react-router-dom';
import { paths } from '@referio/shared';
import { NotFoundView } from './NotFoundView';

export default function NotFound() {
  return (
    <NotFoundView
      titleId="not-found-title"
      text="The page you are looking for does not exist or has moved."
    >
      <Link to={paths.home()} className="rf-btn rf-btn--primary rf-btn--md">
        Go to the home page
      </Link>
      <Link to={paths.companyList()} className="rf-btn rf-btn--secondary rf-btn--md">
        Browse Companies
      </Link>
    </NotFoundView>
  );
}

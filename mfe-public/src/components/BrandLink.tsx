import { Link } from 'react-router-dom';
import './BrandLink.css';
import { paths } from '@referio/shared';

/** The site's name as a link home, for the pages the spec shows without the site header. */
export function BrandLink() {
  return (
    <Link to={paths.home()} className="rf-brand-link" aria-label="Referio home">
      Referio
    </Link>
  );
}

import { Link } from 'react-router-dom';
import './BrandLink.css';

/** The site's name as a link home, for the pages the spec shows without the site header. */
export function BrandLink() {
  return (
    <Link to="/" className="rf-brand-link" aria-label="Referio home">
      Referio
    </Link>
  );
}

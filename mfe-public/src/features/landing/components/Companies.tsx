import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  FEATURED_COMPANY_COUNT,
  HOME_COMPANY_COUNT,
  Spinner,
  getAllCompany,
  type Company,
} from '@referio/shared';
import { CompanyTile } from './CompanyTile';

/** The landing page's companies: the first 40, fetched once for both the grid and the featured six. */
export function useHomeCompanies() {
  return useQuery({
    queryKey: ['company', 'home', HOME_COMPANY_COUNT],
    queryFn: () => getAllCompany({ start: 0, limit: HOME_COMPANY_COUNT }),
  });
}

function CompanyList({ companies, label }: { companies: Company[]; label: string }) {
  return (
    <ul className="rf-company-grid" aria-label={label}>
      {companies.map((c) => (
        <li key={c._id}>
          <CompanyTile company={c} />
        </li>
      ))}
    </ul>
  );
}

function Body({
  query,
  companies,
  label,
}: {
  query: ReturnType<typeof useHomeCompanies>;
  companies: Company[];
  label: string;
}) {
  if (query.isPending) return <Spinner label="Loading companies" />;
  if (query.isError) return <p>Companies could not be loaded. Please try again later.</p>;
  return <CompanyList companies={companies} label={label} />;
}

export function CompanyGridSection() {
  const query = useHomeCompanies();
  return (
    <section className="rf-landing__section" aria-labelledby="rf-landing-companies">
      <h2 id="rf-landing-companies">Companies hiring through referrals</h2>
      <Body query={query} companies={query.data?.data ?? []} label="Companies" />
      <Link to="/company-list" className="rf-landing__more rf-btn rf-btn--secondary rf-btn--md">
        Explore more Companies
      </Link>
    </section>
  );
}

export function FeaturedCompaniesSection() {
  const query = useHomeCompanies();
  return (
    <section className="rf-landing__section" aria-labelledby="rf-landing-featured">
      <h2 id="rf-landing-featured">Featured companies</h2>
      <Body
        query={query}
        companies={(query.data?.data ?? []).slice(0, FEATURED_COMPANY_COUNT)}
        label="Featured companies"
      />
      <Link to="/company-list" className="rf-landing__more rf-btn rf-btn--primary rf-btn--md">
        Browse All Companies
      </Link>
    </section>
  );
}

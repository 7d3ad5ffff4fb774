import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  FEATURED_COMPANY_COUNT,
  HOME_COMPANY_COUNT,
  Spinner,
  siteQueries,
  type Company,
  paths,
} from '@referio/shared';
import { CompanyTile } from './CompanyTile';

/** The landing page's companies: the first 40, fetched once for both the grid and the featured six. */
export const homeCompaniesQuery = siteQueries.companies({ start: 0, limit: HOME_COMPANY_COUNT });

export function useHomeCompanies() {
  return useQuery(homeCompaniesQuery);
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

/** While the companies load: empty tiles where they will be, so the page below does not jump when they come. */
function Placeholder({ count }: { count: number }) {
  return (
    <div className="rf-company-grid__loading">
      <Spinner label="Loading companies" size="sm" className="rf-company-grid__spinner" />
      <ul className="rf-company-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <span className="rf-company-tile rf-company-tile--placeholder" />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Body({
  query,
  companies,
  label,
  count,
}: {
  query: ReturnType<typeof useHomeCompanies>;
  companies: Company[];
  label: string;
  count: number;
}) {
  if (query.isPending) return <Placeholder count={count} />;
  if (query.isError) return <p>Companies could not be loaded. Please try again later.</p>;
  return <CompanyList companies={companies} label={label} />;
}

export function CompanyGridSection() {
  const query = useHomeCompanies();
  return (
    <section className="rf-landing__section" aria-labelledby="rf-landing-companies">
      <h2 id="rf-landing-companies">Companies hiring through referrals</h2>
      <Body
        query={query}
        companies={query.data?.data ?? []}
        label="Companies"
        count={HOME_COMPANY_COUNT}
      />
      <Link
        to={paths.companyList()}
        className="rf-landing__more rf-btn rf-btn--secondary rf-btn--md"
      >
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
        count={FEATURED_COMPANY_COUNT}
      />
      <Link to={paths.companyList()} className="rf-landing__more rf-btn rf-btn--primary rf-btn--md">
        Browse All Companies
      </Link>
    </section>
  );
}

import { Link } from 'react-router-dom';
import type { Company } from '@referio/shared';
import { paths } from '@referio/shared';

/** A company as the landing page shows it: its logo, name and number of open jobs, leading to its page. */
export function CompanyTile({ company }: { company: Company }) {
  return (
    <Link
      to={paths.company(company._id, company.companyName)}
      className="rf-company-tile"
      title={company.companyName}
    >
      {company.logo ? (
        <img src={company.logo} alt="" width={40} height={40} loading="lazy" decoding="async" />
      ) : (
        <span className="rf-company-tile__initial" aria-hidden="true">
          {company.companyName.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="rf-company-tile__body">
        <span className="rf-company-tile__name">{company.companyName}</span>
        {company.jobCount > 0 && (
          <span className="rf-company-tile__jobs">
            {company.jobCount} {company.jobCount === 1 ? 'job' : 'jobs'}
          </span>
        )}
      </span>
    </Link>
  );
}

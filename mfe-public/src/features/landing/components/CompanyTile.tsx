import { Link } from 'react-router-dom';
import type { Company } from '@referio/shared';
import { paths } from '@referio/shared';
import { CompanyLogo } from '../../../components/CompanyLogo';

/** A company as the landing page shows it: its logo, name and number of open jobs, leading to its page. */
export function CompanyTile({ company }: { company: Company }) {
  return (
    <Link
      to={paths.company(company._id, company.companyName)}
      className="rf-company-tile"
      title={company.companyName}
    >
      <CompanyLogo name={company.companyName} logo={company.logo} />
      <span className="rf-company-tile__body">
        <span className="rf-company-tile__name rf-clamp-2">{company.companyName}</span>
        {company.jobCount > 0 && (
          <span className="rf-company-tile__jobs">
            {company.jobCount} {company.jobCount === 1 ? 'job' : 'jobs'}
          </span>
        )}
      </span>
    </Link>
  );
}

import { useEffect } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  COMPANY_PAGE_TEXTS,
  EmptyState,
  JOBS_PAGE_SIZE,
  Pagination,
  Spinner,
  companySlug,
  errorMessage,
  industryLabel,
  jobQueries,
  parsePage,
  paths,
  siteQueries,
  useCurrentUser,
  useDocumentHead,
  type CompanyPage as Company,
} from '@referio/shared';
import { VerifiedBadge } from '@referio/shared/jobs';
import { JobCard } from '../../features/jobs/components/JobCard';
import { COMPANY_NOT_FOUND_HEAD, companyHead } from '../../ssr/heads';
import './CompanyPage.css';
import { LoadFailed } from '../../components/LoadFailed';

/**
 * /company/:id/:slug?: one company's page (docs/decisions-public.md, "Company pages"): its name, how many open
 * jobs and referrers it has, the verified domains of its referrers that are its own (a domain only claimed for
 * it shows as the domain's, never as the company's), and its open jobs, newest first, nine a page (`?page=`).
 * Rendered on the server for a signed-out visitor; an unknown company is "Company not found" (404).
 */
export default function CompanyPage() {
  const { id = '' } = useParams();
  const query = useQuery(siteQueries.company(id));
  if (!id) return <CompanyNotFound />;
  if (query.isPending) return <CompanyLoading />;
  if (query.isError)
    return <CompanyFailed error={query.error} retry={() => void query.refetch()} />;
  if (!query.data) return <CompanyNotFound />;
  return <CompanyView company={query.data} />;
}

function CompanyNotFound() {
  useDocumentHead(COMPANY_NOT_FOUND_HEAD);
  return (
    <section className="rf-company rf-company--missing" aria-labelledby="rf-company-title">
      <h1 id="rf-company-title">Company not found</h1>
      <p className="rf-company__missing-text">{COMPANY_PAGE_TEXTS.notFound}</p>
      <Link to={paths.companyList()} className="rf-btn rf-btn--primary rf-btn--md">
        Browse jobs
      </Link>
    </section>
  );
}

function CompanyLoading() {
  return (
    <section className="rf-company" aria-labelledby="rf-company-title">
      <h1 id="rf-company-title" className="rf-visually-hidden">
        Company
      </h1>
      <Spinner label="Loading the company" />
    </section>
  );
}

function CompanyFailed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <section className="rf-company" aria-labelledby="rf-company-title">
      <h1 id="rf-company-title">Company</h1>
      <LoadFailed title="This company could not be loaded" error={error} retry={retry} />
    </section>
  );
}

/** Puts the company's current slug in the address bar when the link had another or none (same page). */
function useCanonicalAddress(company: Company) {
  const { slug } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const wanted = companySlug(company.companyName);
  useEffect(() => {
    if ((slug ?? '') !== wanted)
      void navigate(`${paths.company(company._id, company.companyName)}${search}`, {
        replace: true,
      });
  }, [slug, wanted, search, company._id, company.companyName, navigate]);
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

function CompanyView({ company }: { company: Company }) {
  useDocumentHead(companyHead(company));
  useCanonicalAddress(company);
  const name = company.companyName;
  return (
    <section className="rf-company" aria-labelledby="rf-company-title">
      <header className="rf-company__header">
        {company.logo ? (
          <img className="rf-company__logo" src={company.logo} alt="" width={64} height={64} />
        ) : (
          <span className="rf-company__logo rf-company__logo--initial" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="rf-company__heading">
          <h1 id="rf-company-title">{name}</h1>
          <p className="rf-company__industry">{industryLabel(company.industry)}</p>
        </div>
        <dl className="rf-company__counts">
          <div>
            <dt>Open jobs</dt>
            <dd>{company.openJobs.toLocaleString('en-IN')}</dd>
          </div>
          <div>
            <dt>Referrers</dt>
            <dd>{company.referrers.toLocaleString('en-IN')}</dd>
          </div>
        </dl>
      </header>
      <CompanyDomains company={company} />
      <CompanyJobs company={company} />
    </section>
  );
}

/** The verified work domains of the people posting its jobs, as far as they are the company's. */
function CompanyDomains({ company }: { company: Company }) {
  const name = company.companyName;
  if (company.referrers === 0) return null;
  return (
    <section className="rf-company__domains" aria-labelledby="rf-company-domains">
      <h2 id="rf-company-domains">Who can refer you</h2>
      <p className="rf-company__lead">
        {count(company.referrers, 'person posts', 'people post')} jobs for {name}. Each proved a
        work address at a domain:
      </p>
      {company.domains.length === 0 ? (
        <p className="rf-company__note">{COMPANY_PAGE_TEXTS.noDomains(name)}</p>
      ) : (
        <ul className="rf-company__domain-list" aria-label="Verified domains">
          {company.domains.map((d) => (
            <li key={d.domain} className="rf-company__domain">
              <VerifiedBadge
                companyName={name}
                status={d.confirmed ? 'confirmed' : 'unconfirmed'}
                domain={d.domain}
              />
              <span className="rf-company__domain-count">
                {count(d.referrers, 'referrer', 'referrers')}
              </span>
              {!d.confirmed && (
                <p className="rf-company__note">
                  {COMPANY_PAGE_TEXTS.unconfirmedDomain(name, d.domain)}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Its open jobs: the job list's company filter, newest first, paged on the server (`?page=`). */
function CompanyJobs({ company }: { company: Company }) {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const query = useQuery({
    ...jobQueries.list({
      search: '',
      page,
      userId: user?._id ?? null,
      filters: { company: company._id },
    }),
    placeholderData: keepPreviousData,
  });
  const jobs = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const goToPage = (next: number) => {
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      if (next > 1) out.set('page', String(next));
      else out.delete('page');
      return out;
    });
    if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') {
      try {
        window.scrollTo({ top: 0 });
      } catch {
        /* jsdom */
      }
    }
  };
  return (
    <section className="rf-company__jobs" aria-labelledby="rf-company-jobs">
      <h2 id="rf-company-jobs">Open jobs</h2>
      {query.isPending ? (
        <Spinner label="Loading jobs" />
      ) : query.isError && !query.data ? (
        <EmptyState
          title="Jobs could not be loaded"
          description={errorMessage(query.error, 'Please try again later.')}
        />
      ) : jobs.length === 0 ? (
        <EmptyState title={COMPANY_PAGE_TEXTS.noOpenJobs(company.companyName)} />
      ) : (
        <ul
          className="rf-job-card-grid"
          aria-label={`Open jobs at ${company.companyName}`}
          aria-busy={query.isPlaceholderData || undefined}
        >
          {jobs.map((job) => (
            <li key={job._id}>
              <JobCard job={job} companyLink={false} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={Math.ceil(total / JOBS_PAGE_SIZE)}
        onPageChange={goToPage}
        label="Job pages"
      />
    </section>
  );
}

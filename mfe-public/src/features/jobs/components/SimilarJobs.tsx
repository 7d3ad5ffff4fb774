import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { SIMILAR_JOB_COUNT, jobQueries, paths, type JobPost } from '@referio/shared';
import { jobFacts } from '../../../ssr/jobPosting';
import './SimilarJobs.css';

export interface SimilarJobsProps {
  /** The job on the page; null on "Job not found" (the list is then the newest jobs). */
  jobId: string | null;
}

/**
 * Under a job: a few open jobs like it (its company, its title's words, its skills; docs/search-features.md "Similar
 * jobs"), or the newest open jobs where the job was not found. Nothing while they load or when there are none:
 * the page is whole without them.
 */
export function SimilarJobs({ jobId }: SimilarJobsProps) {
  const query = useQuery(jobQueries.similar(jobId, SIMILAR_JOB_COUNT));
  const jobs = query.data?.data ?? [];
  if (jobs.length === 0) return null;
  const heading = query.data?.basis === 'similar' ? 'Similar jobs' : 'Recent jobs';
  return (
    <section className="rf-similar" aria-labelledby="rf-similar-title">
      <h2 id="rf-similar-title">{heading}</h2>
      <ul className="rf-similar__list">
        {jobs.map((job) => (
          <li key={job._id}>
            <SimilarJob job={job} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SimilarJob({ job }: { job: JobPost }) {
  const facts = jobFacts(job);
  return (
    <article className="rf-similar__job rf-card">
      <h3 className="rf-similar__title">
        <Link to={paths.jobDetails(job._id)}>{job.jobTitle}</Link>
      </h3>
      <p className="rf-similar__company">{job.companyName}</p>
      <p className="rf-similar__facts">{facts}</p>
    </article>
  );
}

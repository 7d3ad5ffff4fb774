import { Link } from 'react-router-dom';
import {
  Modal,
  formatDate,
  formatJobLocation,
  formatLpa,
  useSessionStore,
  type JobPost,
  paths,
} from '@referio/shared';
import { JobFacts, SkillChips } from '@referio/shared/jobs';

export interface JobDetailsModalProps {
  job: JobPost | null;
  onClose: () => void;
}

/** A job's details in a modal, with the way to its page where the referral is requested. */
export function JobDetailsModal({ job, onClose }: JobDetailsModalProps) {
  const setSelectedJobId = useSessionStore((s) => s.setSelectedJobId);
  return (
    <Modal
      open={job !== null}
      onClose={onClose}
      title={job ? job.jobTitle : ''}
      size="lg"
      footer={
        job && (
          <Link
            className="rf-btn rf-btn--primary rf-btn--md"
            to={paths.jobDetails(job._id)}
            onClick={() => setSelectedJobId(job._id)}
          >
            {job.isApplied ? 'View Request' : 'Request a Referral'}
          </Link>
        )
      }
    >
      {job && (
        <div className="cand-details">
          <p className="cand-details__company">
            {job.companyName}
            {job.isApplied && (
              <span className="rf-badge rf-badge--success cand-details__badge">
                Already Applied
              </span>
            )}
          </p>
          <JobFacts
            facts={[
              { label: 'Location', value: formatJobLocation(job.jobLocation, job.address) },
              { label: 'Job type', value: job.jobType },
              { label: 'Experience', value: `${job.experience} years` },
              { label: 'Salary', value: formatLpa(job.salaryRange) },
              { label: 'Posted on', value: formatDate(job.createdAt) },
            ]}
          />
          {job.jobDescription.length > 0 && (
            <section>
              <h3 className="cand-details__heading">Description</h3>
              <ul className="cand-details__list">
                {job.jobDescription.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </section>
          )}
          {job.notes.length > 0 && (
            <section>
              <h3 className="cand-details__heading">Responsibilities</h3>
              <ul className="cand-details__list">
                {job.notes.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            </section>
          )}
          <section>
            <h3 className="cand-details__heading">Skills</h3>
            <SkillChips skills={job.requiredSkills} />
          </section>
        </div>
      )}
    </Modal>
  );
}

import { Button, Modal, formatDate, formatLpa, type JobPost } from '@referio/shared';
import { SkillChips } from '../../components/SkillChips';
import { experienceLabel, industryLabel } from '../../lib/labels';

export interface JobDetailsModalProps {
  job: JobPost | null;
  onClose: () => void;
  onGiveReferral: () => void;
  onEdit: (job: JobPost) => void;
}

/** Job Posts' 'See Details': the whole post, with 'Give Referral' and 'Edit Job'. */
export function JobDetailsModal({ job, onClose, onGiveReferral, onEdit }: JobDetailsModalProps) {
  return (
    <Modal
      open={!!job}
      onClose={onClose}
      title={job?.jobTitle ?? ''}
      size="lg"
      footer={
        job && (
          <>
            <Button variant="secondary" onClick={onGiveReferral}>
              Give Referral
            </Button>
            <Button onClick={() => onEdit(job)}>Edit Job</Button>
          </>
        )
      }
    >
      {job && (
        <div className="rr-details">
          <p className="rr-card__sub">{job.companyName}</p>
          <dl className="rr-facts">
            <div>
              <dt>Posted</dt>
              <dd>{formatDate(job.createdAt)}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{job.address}</dd>
            </div>
            <div>
              <dt>Salary</dt>
              <dd>{formatLpa(job.salaryRange)}</dd>
            </div>
          </dl>
          <h3>Skills</h3>
          <SkillChips skills={job.requiredSkills} label="Required skills" />
          <h3>Description</h3>
          <ul className="rr-bullets">
            {job.jobDescription.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
          <h3>Additional Info</h3>
          <dl className="rr-facts">
            <div>
              <dt>Job Type</dt>
              <dd>{job.jobType}</dd>
            </div>
            <div>
              <dt>Experience</dt>
              <dd>{experienceLabel(job.experience)}</dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd>{job.jobLocation}</dd>
            </div>
            <div>
              <dt>Industry</dt>
              <dd>{industryLabel(job.industry)}</dd>
            </div>
            <div>
              <dt>Notes</dt>
              <dd>{job.notes.join(', ')}</dd>
            </div>
          </dl>
        </div>
      )}
    </Modal>
  );
}

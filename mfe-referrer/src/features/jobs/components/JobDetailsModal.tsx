import { Button, Modal, formatDate, formatLpa, type JobPost } from '@referio/shared';
import { JobFacts, SkillChips } from '@referio/shared/jobs';
import { experienceLabel, industryLabel } from '../../../lib/labels';

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
          <p className="rr-muted">{job.companyName}</p>
          <JobFacts
            facts={[
              { label: 'Posted', value: formatDate(job.createdAt) },
              { label: 'Address', value: job.address },
              { label: 'Salary', value: formatLpa(job.salaryRange) },
            ]}
          />
          <h3>Skills</h3>
          <SkillChips skills={job.requiredSkills} label="Required skills" />
          <h3>Description</h3>
          <ul className="rr-bullets">
            {job.jobDescription.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
          <h3>Additional Info</h3>
          <JobFacts
            facts={[
              { label: 'Job Type', value: job.jobType },
              { label: 'Experience', value: experienceLabel(job.experience) },
              { label: 'Location', value: job.jobLocation },
              { label: 'Industry', value: industryLabel(job.industry) },
              { label: 'Notes', value: job.notes.join(', ') },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}

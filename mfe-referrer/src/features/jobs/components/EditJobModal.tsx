import { useState, type FormEvent } from 'react';
import {
  ApiError,
  Button,
  MESSAGES,
  Modal,
  SelectField,
  TextAreaField,
  TextField,
  splitCommaList,
  splitSentences,
  updateJobPost,
  type JobPost,
} from '@referio/shared';
import { updateJobPostRequest } from '@referio/shared/contract';
import {
  experienceOptions,
  industryOptions,
  jobTypeOptions,
  locationOptions,
} from '../../../lib/labels';

export interface EditJobModalProps {
  job: JobPost;
  onClose: () => void;
  onSaved: (job: JobPost) => void;
}

interface EditForm {
  jobTitle: string;
  companyName: string;
  jobLocation: string;
  address: string;
  jobType: string;
  industry: string;
  experience: string;
  salaryRange: string;
  requiredSkills: string;
  jobDescription: string;
  notes: string;
}

const toForm = (job: JobPost): EditForm => ({
  jobTitle: job.jobTitle,
  companyName: job.companyName,
  jobLocation: job.jobLocation,
  address: job.address,
  jobType: job.jobType,
  industry: job.industry,
  experience: job.experience,
  salaryRange: job.salaryRange,
  requiredSkills: job.requiredSkills.join(', '),
  jobDescription: job.jobDescription.join('\n'),
  notes: job.notes.join(', '),
});

/** The edit form: skills and notes comma-separated (trimmed), description one sentence per line. */
export function EditJobModal({ job, onClose, onSaved }: EditJobModalProps) {
  const [form, setForm] = useState<EditForm>(() => toForm(job));
  const [errors, setErrors] = useState<Partial<Record<keyof EditForm, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const bind = (key: keyof EditForm) => ({
    value: form[key],
    error: errors[key] ?? null,
    onChange: (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateJobPostRequest.safeParse({
      jobTitle: form.jobTitle,
      companyName: form.companyName,
      jobLocation: form.jobLocation,
      address: form.address,
      companyLogo: job.companyLogo ?? '',
      jobType: form.jobType,
      industry: form.industry,
      experience: form.experience,
      salaryRange: form.salaryRange,
      requiredSkills: splitCommaList(form.requiredSkills),
      jobDescription: splitSentences(form.jobDescription),
      notes: splitCommaList(form.notes),
    });
    if (!parsed.success) {
      const next: Partial<Record<keyof EditForm, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof EditForm;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      setAlert(MESSAGES.jobUpdateFailed);
      return;
    }
    setErrors({});
    setAlert(null);
    setSaving(true);
    try {
      const saved = await updateJobPost(job._id, parsed.data);
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && err.serverMessage) {
        // Not verified at that company: the server's message says what to verify.
        setAlert(err.serverMessage);
      } else if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        setAlert(MESSAGES.jobUpdateFailed);
      } else {
        console.error('[referio] job update failed', err);
        setAlert(MESSAGES.jobUpdateError);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Edit Job"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="rr-edit-job" busy={saving} busyLabel="Saving...">
            Save Changes
          </Button>
        </>
      }
    >
      <form id="rr-edit-job" className="rr-form" noValidate onSubmit={save}>
        {alert && (
          <p className="rr-error" role="alert">
            {alert}
          </p>
        )}
        <TextField label="Job Title" {...bind('jobTitle')} />
        <TextField label="Company Name" {...bind('companyName')} />
        <SelectField label="Job Location" options={locationOptions} {...bind('jobLocation')} />
        <TextField label="Address" {...bind('address')} />
        <SelectField label="Job Type" options={jobTypeOptions} {...bind('jobType')} />
        <SelectField label="Industry" options={industryOptions} {...bind('industry')} />
        <SelectField label="Experience" options={experienceOptions} {...bind('experience')} />
        <TextField label="Salary Range (LPA)" {...bind('salaryRange')} />
        <TextField
          label="Required Skills"
          hint="Separate skills with commas."
          {...bind('requiredSkills')}
        />
        <TextAreaField
          label="Job Description"
          hint="One sentence per line."
          rows={4}
          {...bind('jobDescription')}
        />
        <TextField label="Notes" hint="Separate notes with commas." {...bind('notes')} />
      </form>
    </Modal>
  );
}

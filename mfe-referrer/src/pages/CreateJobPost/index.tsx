import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  ConfirmDialog,
  MESSAGES,
  Modal,
  ROLE_REFERRER,
  SelectField,
  TextField,
  createJobPost,
  toast,
  updateRole,
  useCurrentUser,
  useDashboardNavigate,
  useRole,
  useSessionStore,
  afterJobChange,
  type JobWizardStep1,
  type JobWizardStep2,
} from '@referio/shared';
import {
  jobWizardStep1Schema,
  jobWizardStep2Schema,
  toCreateJobPostRequest,
} from '@referio/shared/contract';
import { TagInput } from '../../components/TagInput';
import {
  experienceOptions,
  industryOptions,
  jobTypeOptions,
  locationOptions,
} from '../../lib/labels';
import '../../referrer.css';

/** The wizard's form as typed: selects start empty ('select' is not a choice). */
type Step1Form = Record<keyof JobWizardStep1, string>;
interface Step2Form {
  jobDescription: string[];
  experience: string;
  requiredSkills: string[];
  salaryRange: string;
  notes: string[];
}

const EMPTY_STEP1: Step1Form = {
  companyName: '',
  jobTitle: '',
  jobLocationType: '',
  industry: '',
  jobType: '',
  jobAddress: '',
};
const EMPTY_STEP2: Step2Form = {
  jobDescription: [],
  experience: '',
  requiredSkills: [],
  salaryRange: '',
  notes: [],
};

/**
 * '/create-job-post': step 1 (company, title, location type, industry, job type, address), step 2
 * (description sentences, experience, skills, notes, salary), then createJobPost and 'Your Job Post is Live!'.
 */
export default function CreateJobPost() {
  const user = useCurrentUser();
  const role = useRole();
  const navigate = useNavigate();
  const go = useDashboardNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<1 | 2>(1);
  const [s1, setS1] = useState<Step1Form>(EMPTY_STEP1);
  const [s2, setS2] = useState<Step2Form>(EMPTY_STEP2);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [live, setLive] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);

  const dirty =
    Object.values(s1).some((v) => v.trim() !== '') ||
    s2.jobDescription.length + s2.requiredSkills.length + s2.notes.length > 0 ||
    s2.experience !== '' ||
    s2.salaryRange.trim() !== '';
  const leave = () => void navigate('/dashboard');
  /** Cancel: back to the dashboard, after asking when something was typed. */
  const cancel = () => (dirty ? setConfirmCancel(true) : leave());
  const cancelButton = (
    <Button variant="ghost" onClick={cancel}>
      Cancel
    </Button>
  );

  const field1 = (key: keyof Step1Form) => ({
    value: s1[key],
    onChange: (e: { target: { value: string } }) => setS1((f) => ({ ...f, [key]: e.target.value })),
  });

  const next = (e: FormEvent) => {
    e.preventDefault();
    const parsed = jobWizardStep1Schema.safeParse(s1);
    if (!parsed.success) {
      setError(MESSAGES.step1Required);
      return;
    }
    setError(null);
    setStep(2);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const one = jobWizardStep1Schema.safeParse(s1);
    if (!one.success) {
      setError(MESSAGES.step1Required);
      setStep(1);
      return;
    }
    const two = jobWizardStep2Schema.safeParse(s2);
    if (!two.success) {
      setError(MESSAGES.step2Required);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await createJobPost(
        toCreateJobPostRequest(one.data, two.data as JobWizardStep2, user?._id || undefined),
      );
      await afterJobChange(queryClient);
      setS1(EMPTY_STEP1);
      setS2(EMPTY_STEP2);
      setStep(1);
      setLive(true);
    } catch (err) {
      console.error('[referio] job post creation failed', err);
      setError(MESSAGES.jobCreateFailed);
      toast.error(MESSAGES.jobCreateFailed);
    } finally {
      setSubmitting(false);
    }
  };

  /** Job openings live in referrer mode: a candidate-mode user is switched to it first. */
  const goToJobOpenings = async () => {
    if (role !== 'referer') {
      if (!user) {
        toast.error(MESSAGES.userNotFound);
        return;
      }
      setSwitching(true);
      try {
        const answer = await updateRole(user._id, { role: ROLE_REFERRER });
        const store = useSessionStore.getState();
        store.setUser(answer.data);
        store.setRole('referer');
      } catch (err) {
        console.error('[referio] switch to referrer mode failed', err);
        toast.error(MESSAGES.somethingWentWrong);
        setSwitching(false);
        return;
      }
      setSwitching(false);
    }
    setLive(false);
    go('jobPosts');
  };

  return (
    <section className="rr-page rr-wizard" aria-labelledby="rr-create-title">
      <h1 id="rr-create-title">Create Job Post</h1>
      <p className="rr-muted" aria-live="polite">
        Step {step} of 2
      </p>
      {error && (
        <p className="rr-error" role="alert">
          {error}
        </p>
      )}

      {step === 1 ? (
        <form className="rf-card rr-form" noValidate onSubmit={next} aria-label="Step 1: the job">
          <TextField
            label="Company Name"
            required
            autoComplete="organization"
            {...field1('companyName')}
          />
          <TextField label="Job Title" required {...field1('jobTitle')} />
          <SelectField
            label="Job Location"
            required
            placeholder="Select"
            options={locationOptions}
            {...field1('jobLocationType')}
          />
          <SelectField
            label="Industry"
            required
            placeholder="Select"
            options={industryOptions}
            {...field1('industry')}
          />
          <SelectField
            label="Job Type"
            required
            placeholder="Select"
            options={jobTypeOptions}
            {...field1('jobType')}
          />
          <TextField label="Address" required {...field1('jobAddress')} />
          <div className="rr-form__actions">
            {cancelButton}
            <Button type="submit">Next</Button>
          </div>
        </form>
      ) : (
        <form className="rf-card rr-form" noValidate onSubmit={submit} aria-label="Step 2: details">
          <TagInput
            label="Job Description"
            itemName="sentence"
            separator="."
            required
            placeholder="Type a sentence, then Enter or '.'"
            items={s2.jobDescription}
            onChange={(jobDescription) => setS2((f) => ({ ...f, jobDescription }))}
          />
          <SelectField
            label="Experience"
            required
            placeholder="Select"
            options={experienceOptions}
            value={s2.experience}
            onChange={(e) => setS2((f) => ({ ...f, experience: e.target.value }))}
          />
          <TagInput
            label="Required Skills"
            itemName="skill"
            separator=","
            required
            placeholder="Type a skill, then Enter or ','"
            items={s2.requiredSkills}
            onChange={(requiredSkills) => setS2((f) => ({ ...f, requiredSkills }))}
          />
          <TagInput
            label="Notes"
            itemName="note"
            separator=","
            required
            placeholder="Type a note, then Enter or ','"
            items={s2.notes}
            onChange={(notes) => setS2((f) => ({ ...f, notes }))}
          />
          <TextField
            label="Salary Range (LPA)"
            required
            placeholder="e.g. 12-18"
            value={s2.salaryRange}
            onChange={(e) => setS2((f) => ({ ...f, salaryRange: e.target.value }))}
          />
          <div className="rr-form__actions">
            {cancelButton}
            <Button
              variant="secondary"
              onClick={() => {
                setError(null);
                setStep(1);
              }}
            >
              Back to Step 1
            </Button>
            <Button type="submit" busy={submitting} busyLabel="Posting...">
              Post Job
            </Button>
          </div>
        </form>
      )}

      <ConfirmDialog
        open={confirmCancel}
        title="Discard this job post?"
        message="What you typed will not be saved."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        tone="danger"
        onConfirm={() => {
          setConfirmCancel(false);
          leave();
        }}
        onCancel={() => setConfirmCancel(false)}
      />

      <Modal
        open={live}
        onClose={() => {
          setLive(false);
          void navigate('/');
        }}
        title="Your Job Post is Live!"
        size="sm"
        footer={
          <Button busy={switching} onClick={() => void goToJobOpenings()}>
            Go to Job Openings
          </Button>
        }
      >
        <p>Candidates can now find it and ask you for a referral.</p>
      </Modal>
    </section>
  );
}

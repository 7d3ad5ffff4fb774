import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  ConfirmDialog,
  Modal,
  paths,
  useCurrentUser,
  VERIFIED_TEXTS,
} from '@referio/shared';
import { JobStepOne } from '../../features/jobs/components/JobStepOne';
import { JobStepTwo } from '../../features/jobs/components/JobStepTwo';
import { useGoToJobOpenings } from '../../features/jobs/hooks/useGoToJobOpenings';
import { useJobPostForm } from '../../features/jobs/hooks/useJobPostForm';
import { WorkEmailModal } from '../../features/requests/components/WorkEmailModal';
import '../../referrer.css';

/**
 * '/create-job-post': step 1 (company, title, location type, industry, job type, address), step 2
 * (description sentences, experience, skills, notes, salary), then createJobPost and 'Your Job Post is Live!'.
 * A referrer without a verified work e-mail verifies it first (the rule said before anything is typed);
 * a post the server refuses for the company opens the work-email dialog, and goes by itself once verified.
 */
export default function CreateJobPost() {
  const navigate = useNavigate();
  const form = useJobPostForm();
  const { switching, goToJobOpenings } = useGoToJobOpenings(form.closeLive);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [verifyOpen, setVerifyOpen] = useState(false);
  const user = useCurrentUser();
  const verifyFirst = !user?.workEmailAdded;
  // The server refused the post for the company: the dialog opens at once (once per refusal).
  const refused = useRef(false);
  useEffect(() => {
    if (form.verifyNeeded && !refused.current) setVerifyOpen(true);
    refused.current = form.verifyNeeded;
  }, [form.verifyNeeded]);

  const leave = () => void navigate(paths.dashboard());
  /** Cancel: back to the dashboard, after asking when something was typed. */
  const cancelButton = (
    <Button variant="ghost" onClick={() => (form.dirty ? setConfirmCancel(true) : leave())}>
      Cancel
    </Button>
  );

  return (
    <section className="rr-page rr-wizard" aria-labelledby="rr-create-title">
      <h1 id="rr-create-title">Create Job Post</h1>
      <p className="rr-muted" aria-live="polite">
        {verifyFirst ? 'First, your work email' : `Step ${form.step} of 2`}
      </p>
      {form.error && (
        <p className="rr-error" role="alert">
          {form.error}
        </p>
      )}
      {form.verifyNeeded && (
        <p>
          <Button variant="secondary" size="sm" onClick={() => setVerifyOpen(true)}>
            {VERIFIED_TEXTS.verifyButton}
          </Button>
        </p>
      )}

      {verifyFirst ? (
        <section className="rr-card rr-verify-first" aria-labelledby="rr-verify-first-title">
          <h2 id="rr-verify-first-title">Verify your work email first</h2>
          <p>{VERIFIED_TEXTS.postRule()}</p>
          <p className="rr-muted">{VERIFIED_TEXTS.companyHint}</p>
          <div className="rr-verify-first__actions">
            {cancelButton}
            <Button onClick={() => setVerifyOpen(true)}>{VERIFIED_TEXTS.verifyButton}</Button>
          </div>
        </section>
      ) : form.step === 1 ? (
        <JobStepOne
          values={form.s1}
          onChange={form.setStep1}
          onNext={form.next}
          cancelButton={cancelButton}
        />
      ) : (
        <JobStepTwo
          values={form.s2}
          onChange={form.setStep2}
          onSubmit={(e) => void form.submit(e)}
          onBack={form.back}
          submitting={form.submitting}
          cancelButton={cancelButton}
        />
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
        open={form.live}
        onClose={() => {
          form.closeLive();
          void navigate(paths.home());
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
      <WorkEmailModal
        open={verifyOpen}
        purpose="post"
        companyName={form.s1.companyName.trim() || undefined}
        onClose={() => setVerifyOpen(false)}
        onVerified={(companies) => form.verified(companies)}
      />
    </section>
  );
}

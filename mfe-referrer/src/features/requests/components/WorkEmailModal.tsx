import { useState } from 'react';
import {
  Button,
  MESSAGES,
  Modal,
  OTP_LENGTH,
  TextField,
  errorMessage,
  toast,
  useCurrentUser,
  useSessionStore,
  VERIFIED_TEXTS,
  workEmailVerify,
  workEmailVerifyOtp,
  type CurrentUser,
  type VerifiedCompany,
} from '@referio/shared';
import { OtpInput } from '@referio/shared/forms';

export interface WorkEmailModalProps {
  open: boolean;
  onClose: () => void;
  /**
   * Called after the work e-mail is verified and the session user is stored with workEmailAdded, with the
   * companies the address counts for.
   */
  onVerified: (companies: readonly VerifiedCompany[]) => void | Promise<void>;
  /** What the address is verified for: approving a held referral (the spec's modal) or posting a job. */
  purpose?: 'approve' | 'post';
  /** The company the address must be at (the request's or the job's), named in the explanation. */
  companyName?: string | undefined;
  /** Why the modal opened when the server refused (e.g. the address is at another company). */
  reason?: string | null | undefined;
}

type Step = 'email' | 'otp';

/** The verify answer names the user `user` (spec) or `data` (envelope): take whichever came. */
type VerifyAnswer = {
  success?: boolean;
  message?: string;
  user?: CurrentUser;
  data?: CurrentUser;
  companies?: VerifiedCompany[];
};

const isOtp = (code: string) => new RegExp(`^[0-9]{${OTP_LENGTH}}$`).test(code);

/**
 * 'Verify Work Email': step one sends a code to the work e-mail, step two checks the four digits
 * (by itself once all four are in, or with 'Verify & Approve'). Cancel keeps the address and the step, so
 * a code already sent can still be entered when the modal opens again; 'Change Email' starts over.
 * Errors show inside the modal, beside the field, and go with the next attempt: never an old error next
 * to a success.
 */
export function WorkEmailModal({
  open,
  onClose,
  onVerified,
  purpose = 'approve',
  companyName,
  reason,
}: WorkEmailModalProps) {
  const user = useCurrentUser();
  const setUser = useSessionStore((s) => s.setUser);
  const st = useSteps();
  const { step, workEmail, otp, emailError, otpError, problem } = st;
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const close = () => {
    st.setOtp('');
    st.setOtpError(null);
    st.setProblem(null);
    onClose();
  };

  /** One step's call, with `setBusy` on while it runs; a failure becomes the dialog's problem. */
  const attempt = async (
    setBusy: (busy: boolean) => void,
    fallback: string,
    call: () => Promise<void>,
  ) => {
    setBusy(true);
    try {
      await call();
    } catch (err) {
      st.setProblem(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  };

  const sendOtp = async () => {
    const email = workEmail.trim();
    st.setProblem(null);
    if (!email || !email.includes('@')) {
      st.setEmailError(MESSAGES.invalidWorkEmail);
      return;
    }
    if (!user) {
      st.setProblem(MESSAGES.userNotFound);
      return;
    }
    st.setEmailError(null);
    await attempt(setSending, MESSAGES.workOtpSendFailed, async () => {
      const answer = await workEmailVerify({ workEmail: email, id: user._id });
      if (answer && answer.success === false) {
        st.setProblem(answer.message || MESSAGES.workOtpSendFailed);
        return;
      }
      toast.success(MESSAGES.workOtpSent);
      st.setOtp('');
      st.setOtpError(null);
      st.setStep('otp');
    });
  };

  const verify = async (code: string) => {
    if (verifying) return;
    st.setProblem(null);
    if (!isOtp(code)) {
      st.setOtpError(MESSAGES.invalidOtp);
      return;
    }
    if (!user) {
      st.setProblem(MESSAGES.userNotFound);
      return;
    }
    st.setOtpError(null);
    await attempt(setVerifying, MESSAGES.workOtpVerifyFailed, async () => {
      const answer = (await workEmailVerifyOtp({
        id: user._id,
        workEmail: workEmail.trim(),
        otp: code,
      })) as VerifyAnswer;
      const verified = answer.user ?? answer.data;
      if (answer.success === false || (verified && verified.workEmailAdded === false)) {
        st.setProblem(answer.message || MESSAGES.workOtpInvalid);
        return;
      }
      toast.success(MESSAGES.workEmailVerified);
      toast.info(VERIFIED_TEXTS.verifiedFor(answer.companies ?? [], workEmail.trim()));
      setUser({ ...user, ...(verified ?? {}), workEmailAdded: true });
      st.reset();
      await onVerified(answer.companies ?? []);
      onClose();
    });
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Verify Work Email"
      size="sm"
      footer={
        <StepButtons
          step={step}
          purpose={purpose}
          onCancel={close}
          sending={sending}
          verifying={verifying}
          canVerify={isOtp(otp)}
          onVerify={() => void verify(otp)}
        />
      }
    >
      {step === 'email' ? (
        <EmailStep
          purpose={purpose}
          companyName={companyName}
          reason={reason}
          workEmail={workEmail}
          emailError={emailError}
          problem={problem}
          onEmail={(email) => {
            st.setWorkEmail(email);
            st.setEmailError(null);
          }}
          onSend={() => void sendOtp()}
        />
      ) : (
        <OtpStep
          workEmail={workEmail}
          otp={otp}
          otpError={otpError}
          problem={problem}
          verifying={verifying}
          onChangeEmail={st.changeEmail}
          onOtp={(code) => {
            st.setOtp(code);
            st.setOtpError(null);
          }}
          onComplete={(code) => void verify(code)}
        />
      )}
    </Modal>
  );
}

/** The steps' state: the address, the code, their errors, the server's refusal; starting over or going back. */
function useSteps() {
  const [step, setStep] = useState<Step>('email');
  const [workEmail, setWorkEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [otpError, setOtpError] = useState<string | null>(null);
  /** The server's refusal (sending or checking), shown in the modal. */
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setStep('email');
    setWorkEmail('');
    setOtp('');
    setEmailError(null);
    setOtpError(null);
    setProblem(null);
  };
  const changeEmail = () => {
    setStep('email');
    setOtp('');
    setOtpError(null);
    setProblem(null);
  };
  return {
    step,
    setStep,
    workEmail,
    setWorkEmail,
    otp,
    setOtp,
    emailError,
    setEmailError,
    otpError,
    setOtpError,
    problem,
    setProblem,
    reset,
    changeEmail,
  };
}

/** The footer: Cancel, then 'Send OTP' (submits the e-mail step's form) or the verify button. */
function StepButtons({
  step,
  purpose,
  onCancel,
  sending,
  verifying,
  canVerify,
  onVerify,
}: {
  step: Step;
  purpose: 'approve' | 'post';
  onCancel: () => void;
  sending: boolean;
  verifying: boolean;
  canVerify: boolean;
  onVerify: () => void;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      {step === 'email' ? (
        <Button type="submit" form="rr-work-email-form" busy={sending} busyLabel="Sending OTP...">
          Send OTP
        </Button>
      ) : (
        <Button onClick={onVerify} disabled={!canVerify} busy={verifying} busyLabel="Verifying...">
          {purpose === 'approve' ? 'Verify & Approve' : 'Verify'}
        </Button>
      )}
    </>
  );
}

/** Step one: why the address is needed, the address, the server's refusal. */
function EmailStep({
  purpose,
  companyName,
  reason,
  workEmail,
  emailError,
  problem,
  onEmail,
  onSend,
}: {
  purpose: 'approve' | 'post';
  companyName: string | undefined;
  reason: string | null | undefined;
  workEmail: string;
  emailError: string | null;
  problem: string | null;
  onEmail: (email: string) => void;
  onSend: () => void;
}) {
  return (
    <form
      id="rr-work-email-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      {reason && (
        <p className="rr-error" role="alert">
          {reason}
        </p>
      )}
      <p className="rr-muted">
        {purpose === 'approve'
          ? VERIFIED_TEXTS.approveRule(companyName)
          : VERIFIED_TEXTS.postRule(companyName)}
      </p>
      <TextField
        label="Work Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={workEmail}
        error={emailError}
        onChange={(e) => onEmail(e.target.value)}
      />
      {problem && (
        <p className="rr-error rr-modal-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** Step two: the code sent to the address ('Change Email' goes back), checked once all digits are in. */
function OtpStep({
  workEmail,
  otp,
  otpError,
  problem,
  verifying,
  onChangeEmail,
  onOtp,
  onComplete,
}: {
  workEmail: string;
  otp: string;
  otpError: string | null;
  problem: string | null;
  verifying: boolean;
  onChangeEmail: () => void;
  onOtp: (code: string) => void;
  onComplete: (code: string) => void;
}) {
  return (
    <div className="rr-stack">
      <p className="rr-muted">
        Enter the 4-digit code sent to <strong className="rr-address">{workEmail.trim()}</strong>.{' '}
        <button type="button" className="rr-link-button" onClick={onChangeEmail}>
          Change Email
        </button>
      </p>
      <OtpInput
        label="Work email code"
        value={otp}
        onChange={onOtp}
        onComplete={onComplete}
        disabled={verifying}
        autoFocus
        error={otpError}
      />
      {problem && (
        <p className="rr-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

// The e-mailed code's flow (spec document 1 §2, §4, §5, §8, §9): send a code to an address for a role,
// verify the four digits (a 429 locks the boxes with the server's reason), resend once the wait is over,
// or go back and change the address. One call at a time; a verified code signs in and, after a short
// pause for the toast, goes to `destination`.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  MESSAGES,
  OTP_LENGTH,
  OTP_REDIRECT_DELAY_MS,
  OTP_RESEND_SECONDS,
  errorMessage,
  isApiError,
  toast,
  verifyOtp,
  type MessageAnswer,
  type RoleId,
  type SendOtpRequest,
  type SessionResponse,
} from '@referio/shared';
import { useCountdown } from './useCountdown';

/** Where the code went, as the contract parsed it. */
export type CodeTarget = { email: string; roleId: RoleId };

interface Options {
  /** POST /auth/login or /auth/createUser: sends the code. */
  sendCode: (body: SendOtpRequest) => Promise<MessageAnswer>;
  /** Keeps the session the verified code opened. */
  remember: (answer: SessionResponse, roleId: RoleId) => void;
  destination: string;
  /** The e-mail step is back on screen (after 'Change email'). */
  onEmailStep: () => void;
}

export function useCodeSignIn({ sendCode, remember, destination, onEmailStep }: Options) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<CodeTarget | null>(null);
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [verified, setVerified] = useState(false);
  /** The server's refusal once the code can no longer be tried (429): boxes cleared, Verify off. */
  const [locked, setLocked] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  /** Counts wrong codes: each one empties the boxes and puts the focus back in the first. */
  const [wrongCodes, setWrongCodes] = useState(0);
  const resendWait = useCountdown();
  const inFlight = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  // One call at a time (`inFlight`): each releases it in the same step that ends its busy state.
  const send = async (values: CodeTarget) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await sendCode(values);
      toast.success(MESSAGES.otpSent);
      setCode('');
      setLocked(null);
      setTarget(values);
      resendWait.start(OTP_RESEND_SECONDS);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.otpSendFailed));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const verify = async (otp: string) => {
    if (!target || inFlight.current || verified || otp.length !== OTP_LENGTH) return;
    inFlight.current = true;
    setVerifying(true);
    try {
      const answer = await verifyOtp({ email: target.email, otp, roleId: target.roleId });
      remember(answer, target.roleId);
      setVerified(true);
      toast.success(MESSAGES.otpVerified);
      // Replaces the sign-in page in the history: Back after signing in does not show the form again.
      redirect.current = setTimeout(
        () => navigate(destination, { replace: true }),
        OTP_REDIRECT_DELAY_MS,
      );
    } catch (err) {
      const message = errorMessage(err, MESSAGES.otpInvalid);
      if (isApiError(err) && err.status === 429) {
        // No code can be tried now: empty boxes, Verify off, the reason and the way out on screen.
        setCode('');
        setLocked(message);
      } else {
        // A wrong (or expired) code: the four boxes empty and the first takes the focus for the next try.
        setCode('');
        setWrongCodes((n) => n + 1);
        toast.error(message);
      }
    } finally {
      inFlight.current = false;
      setVerifying(false);
    }
  };

  const resend = async () => {
    if (!target || inFlight.current) return;
    inFlight.current = true;
    setResending(true);
    try {
      await sendCode(target);
      toast.success(MESSAGES.otpSent);
      setCode('');
      setLocked(null);
      resendWait.start(OTP_RESEND_SECONDS);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.otpSendFailed));
      if (isApiError(err) && err.retryAfterSeconds) resendWait.start(err.retryAfterSeconds);
    } finally {
      inFlight.current = false;
      setResending(false);
    }
  };

  const changeEmail = () => {
    setTarget(null);
    setCode('');
    setLocked(null);
    onEmailStep();
  };

  return {
    target,
    code,
    setCode,
    sending,
    verifying,
    verified,
    locked,
    resending,
    resendSecondsLeft: resendWait.secondsLeft,
    wrongCodes,
    send,
    verify,
    resend,
    changeEmail,
  };
}

import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Button,
  MESSAGES,
  OTP_LENGTH,
  OTP_REDIRECT_DELAY_MS,
  OTP_RESEND_SECONDS,
  OtpInput,
  ROLE_APPLICANT,
  ROLE_REFERRER,
  TextField,
  createUser,
  errorMessage,
  getAuthConfig,
  isApiError,
  login,
  oAuth,
  roleNameOf,
  toast,
  useSessionStore,
  verifyOtp,
  type RoleId,
  type SendOtpRequest,
  type SessionResponse,
  paths,
} from '@referio/shared';
import { sendOtpRequest } from '@referio/shared/contract';
import { BrandLink } from '../../../components/BrandLink';
import { RETURN_PARAM, safeReturnPath } from '../../../lib/returnTo';
import { useCountdown } from '../hooks/useCountdown';
import { useSignInLink } from '../hooks/useSignInLink';
import { GoogleSignIn } from './GoogleSignIn';
import { ResendCode } from './ResendCode';
import './AuthPage.css';

export type AuthMode = 'sign-in' | 'sign-up';

interface ModeCopy {
  title: string;
  submit: string;
  sendCode: typeof login;
  footer: ReactNode;
}

const COPY: Record<AuthMode, ModeCopy> = {
  'sign-in': {
    title: 'Sign In',
    submit: 'LOGIN',
    sendCode: login,
    footer: (
      <>
        Don&apos;t have an account yet? <Link to={paths.signUp()}>Register for free</Link>
      </>
    ),
  },
  'sign-up': {
    title: 'Sign Up',
    submit: 'Sign Up',
    sendCode: createUser,
    footer: (
      <>
        Already have an account? <Link to={paths.signIn()}>Sign in</Link>
      </>
    ),
  },
};

const USER_TYPES: { roleId: RoleId; label: string }[] = [
  { roleId: ROLE_APPLICANT, label: 'Applicant' },
  { roleId: ROLE_REFERRER, label: 'Referrer' },
];

/** What the e-mail form holds: radios give the role id as the string '0' or '1'. */
type EmailForm = { email: string; roleId: '0' | '1' };
/** Where the code went, as the contract parsed it. */
type CodeTarget = { email: string; roleId: RoleId };

export const AUTH_CONFIG_QUERY_KEY = ['auth', 'config'] as const;

/**
 * Sign in and sign up with an e-mailed 4-digit code (spec document 1 §2, §4, §5, §8, §9).
 * Step 1: user type + e-mail, then LOGIN (or Sign Up) sends the code. Step 2: four boxes and Verify OTP;
 * the code is verified by itself as soon as the fourth digit is in. 'Change email' goes back to step 1.
 */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const copy = COPY[mode];
  const navigate = useNavigate();
  // The page that asked for sign-in (an internal path only), else '/'.
  const [searchParams] = useSearchParams();
  const destination = safeReturnPath(searchParams.get(RETURN_PARAM)) ?? paths.home();
  const signIn = useSessionStore((s) => s.signIn);
  const setRole = useSessionStore((s) => s.setRole);

  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<SendOtpRequest, unknown, CodeTarget>({
    resolver: zodResolver(sendOtpRequest),
    defaultValues: { email: '', roleId: '0' } satisfies EmailForm,
  });

  const [target, setTarget] = useState<CodeTarget | null>(null);
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [verified, setVerified] = useState(false);
  /** The server's refusal once the code can no longer be tried (429): boxes cleared, Verify off. */
  const [locked, setLocked] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const resendWait = useCountdown();
  const inFlight = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const authConfig = useQuery({
    queryKey: AUTH_CONFIG_QUERY_KEY,
    queryFn: getAuthConfig,
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    if (authConfig.error) console.error('Could not read the sign-in options:', authConfig.error);
  }, [authConfig.error]);
  const googleClientId = authConfig.data?.googleClientId ?? null;

  const remember = useCallback(
    (answer: SessionResponse, roleId: RoleId) => {
      signIn(answer);
      setRole(roleNameOf(roleId));
    },
    [signIn, setRole],
  );

  const link = useSignInLink((answer) => {
    remember(answer, answer.data.roleId[0] ?? ROLE_APPLICANT);
    void navigate(paths.home());
  });

  const sendCode = handleSubmit(async (values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      await copy.sendCode(values);
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
  });

  const verify = async (otp: string) => {
    if (!target || inFlight.current || verified || otp.length !== OTP_LENGTH) return;
    inFlight.current = true;
    setVerifying(true);
    try {
      const answer = await verifyOtp({ email: target.email, otp, roleId: target.roleId });
      remember(answer, target.roleId);
      setVerified(true);
      toast.success(MESSAGES.otpVerified);
      redirect.current = setTimeout(() => navigate(destination), OTP_REDIRECT_DELAY_MS);
    } catch (err) {
      const message = errorMessage(err, MESSAGES.otpInvalid);
      if (isApiError(err) && err.status === 429) {
        // No code can be tried now: empty boxes, Verify off, the reason and the way out on screen.
        setCode('');
        setLocked(message);
      } else {
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
      await copy.sendCode(target);
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

  const onVerifySubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void verify(code);
  };

  const changeEmail = () => {
    setTarget(null);
    setCode('');
    setLocked(null);
    // The e-mail field is back in the form after this render.
    setTimeout(() => setFocus('email', { shouldSelect: true }), 0);
  };

  const onGoogleCredential = useCallback(
    async (credential: string) => {
      const roleId = Number(getValues('roleId')) === ROLE_REFERRER ? ROLE_REFERRER : ROLE_APPLICANT;
      try {
        const answer = await oAuth({ credential, roleId });
        if (!answer?.data) throw new Error('Google sign-in returned no user');
        remember(answer, roleId);
        navigate(destination);
      } catch (err) {
        console.error('OAuth Registration Error:', err);
      }
    },
    [getValues, navigate, remember, destination],
  );

  const codeStep = target !== null;
  const titleId = `rf-auth-title-${mode}`;
  const codeHintId = `rf-auth-code-hint-${mode}`;

  return (
    <div className="rf-auth">
      <div className="rf-auth__card">
        <BrandLink />
        <h1 id={titleId} className="rf-auth__title">
          {copy.title}
        </h1>
        {link.status === 'working' && (
          <p className="rf-auth__notice" role="status">
            Signing you in…
          </p>
        )}
        {link.status === 'failed' && (
          <p className="rf-auth__notice rf-auth__notice--error" role="alert">
            {link.message}
          </p>
        )}

        <form
          className="rf-auth__form"
          aria-labelledby={titleId}
          noValidate
          onSubmit={(e) => void sendCode(e)}
        >
          <fieldset className="rf-auth__user-type" disabled={codeStep || sending}>
            <legend className="rf-auth__legend">User type</legend>
            <div className="rf-auth__segments">
              {USER_TYPES.map((t) => (
                <label key={t.roleId} className="rf-auth__segment">
                  <input type="radio" value={String(t.roleId)} {...register('roleId')} />
                  <span>{t.label}</span>
                </label>
              ))}
            </div>
            {errors.roleId?.message && (
              <p className="rf-field__error" role="alert">
                {errors.roleId.message}
              </p>
            )}
          </fieldset>

          <TextField
            label="Email"
            type="email"
            placeholder="Enter your email address"
            autoComplete="email"
            readOnly={codeStep || sending}
            error={errors.email?.message}
            {...register('email')}
          />

          {!codeStep && (
            <>
              <p className="rf-auth__consent">
                By continuing, you agree to our{' '}
                <Link to={paths.termsAndConditions()}>Terms and Conditions</Link> and{' '}
                <Link to={paths.privacyPolicy()}>Privacy Policy</Link>.
              </p>
              <Button type="submit" fullWidth size="lg" busy={sending} busyLabel="Sending OTP...">
                {copy.submit}
              </Button>
            </>
          )}
        </form>

        {!codeStep && googleClientId && (
          <GoogleSignIn
            clientId={googleClientId}
            onCredential={(c) => void onGoogleCredential(c)}
          />
        )}

        {codeStep && (
          <form
            className="rf-auth__form"
            aria-label="Verify OTP"
            noValidate
            onSubmit={onVerifySubmit}
          >
            <p id={codeHintId} className="rf-auth__code-hint">
              Enter the {OTP_LENGTH}-digit code sent to <strong>{target.email}</strong>.
            </p>
            <OtpInput
              label="One-time code"
              value={code}
              onChange={setCode}
              onComplete={(full) => void verify(full)}
              disabled={verified || locked !== null}
              autoFocus
            />
            {locked && (
              <p className="rf-auth__notice rf-auth__notice--error" role="alert">
                {locked}
              </p>
            )}
            <Button
              type="submit"
              fullWidth
              size="lg"
              busy={verifying}
              busyLabel="Verifying OTP..."
              disabled={code.length !== OTP_LENGTH || verified || locked !== null}
            >
              Verify OTP
            </Button>
            <div className="rf-auth__code-actions">
              <ResendCode
                secondsLeft={resendWait.secondsLeft}
                busy={resending}
                onResend={() => void resend()}
              />
              <Button
                variant="ghost"
                onClick={changeEmail}
                disabled={verifying || verified || resending}
              >
                Change email
              </Button>
            </div>
          </form>
        )}

        <p className="rf-auth__footer">{copy.footer}</p>
      </div>
    </div>
  );
}

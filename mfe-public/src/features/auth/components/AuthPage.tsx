import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  ROLE_APPLICANT,
  ROLE_REFERRER,
  Button,
  authQueries,
  createUser,
  isSignedIn,
  login,
  oAuth,
  roleNameOf,
  useSessionStore,
  type RoleId,
  type SendOtpRequest,
  type SessionResponse,
  paths,
} from '@referio/shared';
import { sendOtpRequest } from '@referio/shared/contract';
import { BrandLink } from '../../../components/BrandLink';
import { RETURN_PARAM, safeReturnPath } from '../../../lib/returnTo';
import { useCodeSignIn, type CodeTarget } from '../hooks/useCodeSignIn';
import { useSignInLink } from '../hooks/useSignInLink';
import { CodeStep } from './CodeStep';
import { EmailStep } from './EmailStep';
import { GoogleSignIn } from './GoogleSignIn';
import './AuthPage.css';

export type AuthMode = 'sign-in' | 'sign-up';

interface ModeCopy {
  title: string;
  submit: string;
  sendCode: typeof login;
  /** The link to the other page, keeping the page to return to (`next`). */
  footer: (next: string | undefined) => ReactNode;
}

// The other page replaces this one in the history, so Back after signing in (or up) from there does not
// come back to a sign-in form.
const COPY: Record<AuthMode, ModeCopy> = {
  'sign-in': {
    title: 'Sign In',
    submit: 'LOGIN',
    sendCode: login,
    footer: (next) => (
      <>
        Don&apos;t have an account yet?{' '}
        <Link to={paths.signUp(next)} replace>
          Register for free
        </Link>
      </>
    ),
  },
  'sign-up': {
    title: 'Sign Up',
    submit: 'Sign Up',
    sendCode: createUser,
    footer: (next) => (
      <>
        Already have an account?{' '}
        <Link to={paths.signIn(next)} replace>
          Sign in
        </Link>
      </>
    ),
  },
};

/** What the e-mail form holds: radios give the role id as the string '0' or '1'. */
type EmailForm = { email: string; roleId: '0' | '1' };

/**
 * The user type checked in the server's HTML as React takes the page over (the visitor may have chosen before the
 * app ran); null on a page the browser renders. Read in the first render, before the form library registers the
 * radios (which checks its default).
 */
function typeCheckedInHtml(): EmailForm['roleId'] | null {
  if (typeof document === 'undefined') return null;
  const checked = document.querySelector<HTMLInputElement>(
    '.rf-auth input[type="radio"][name="roleId"]:checked',
  );
  return checked?.value === '0' || checked?.value === '1' ? checked.value : null;
}

/**
 * The e-mail step's form (user type and e-mail); the type chosen in the server's HTML before the app ran
 * is taken over once the form has registered the radios.
 */
function useEmailForm() {
  const form = useForm<SendOtpRequest, unknown, CodeTarget>({
    resolver: zodResolver(sendOtpRequest),
    defaultValues: { email: '', roleId: '0' } satisfies EmailForm,
  });
  // The type chosen in the server's HTML before the app ran is the form's once it has registered the radios. (Text
  // typed there the form library keeps by itself.)
  const [typeInHtml] = useState(typeCheckedInHtml);
  const { setValue } = form;
  useEffect(() => {
    if (typeInHtml) setValue('roleId', typeInHtml as SendOtpRequest['roleId']);
  }, [typeInHtml, setValue]);
  return form;
}

/**
 * Sign in and sign up with an e-mailed 4-digit code (spec document 1 §2, §4, §5, §8, §9).
 * Step 1 (EmailStep): user type + e-mail, then LOGIN (or Sign Up) sends the code. Step 2 (CodeStep): four
 * boxes and Verify OTP. The flow's state is useCodeSignIn's; a mailed sign-in link is useSignInLink's; Google
 * sign-in shows when the server offers it.
 */
export function AuthPage({ mode }: { mode: AuthMode }) {
  const copy = COPY[mode];
  const navigate = useNavigate();
  // The page that asked for sign-in (an internal path only), else '/'.
  const [searchParams] = useSearchParams();
  const next = safeReturnPath(searchParams.get(RETURN_PARAM)) ?? undefined;
  const destination = next ?? paths.home();
  const location = useLocation();
  const hasLink = useRef(/[#&](link|revert)=/.test(location.hash));
  // Already signed in when the page opened (Back to an old sign-in entry, a bookmarked /sign-in?next=…):
  // straight on to the page to return to. Not for a mailed link, which asks about switching accounts.
  const [signedInAtOpen] = useState(isSignedIn);
  const signIn = useSessionStore((s) => s.signIn);
  const setRole = useSessionStore((s) => s.setRole);

  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors },
  } = useEmailForm();

  const remember = useCallback(
    (answer: SessionResponse, roleId: RoleId) => {
      signIn(answer);
      setRole(roleNameOf(roleId));
    },
    [signIn, setRole],
  );

  const sendCode = useCallback(
    (body: SendOtpRequest) => copy.sendCode({ ...body, ...(next ? { next } : {}) }),
    [copy, next],
  );

  const flow = useCodeSignIn({
    sendCode,
    remember,
    destination,
    // The e-mail field is back in the form after this render.
    onEmailStep: () => setTimeout(() => setFocus('email', { shouldSelect: true }), 0),
  });

  const link = useSignInLink((answer) => {
    remember(answer, answer.data.roleId[0] ?? ROLE_APPLICANT);
    void navigate(destination, { replace: true });
  });

  const authConfig = useQuery(authQueries.config());
  useEffect(() => {
    if (authConfig.error) console.error('Could not read the sign-in options:', authConfig.error);
  }, [authConfig.error]);
  const googleClientId = authConfig.data?.googleClientId ?? null;

  const onGoogleCredential = useCallback(
    async (credential: string) => {
      const roleId = Number(getValues('roleId')) === ROLE_REFERRER ? ROLE_REFERRER : ROLE_APPLICANT;
      try {
        const answer = await oAuth({ credential, roleId });
        if (!answer?.data) throw new Error('Google sign-in returned no user');
        remember(answer, roleId);
        void navigate(destination, { replace: true });
      } catch (err) {
        console.error('OAuth Registration Error:', err);
      }
    },
    [getValues, navigate, remember, destination],
  );

  if (signedInAtOpen && !hasLink.current) return <Navigate to={destination} replace />;

  const codeStep = flow.target !== null;
  const titleId = `rf-auth-title-${mode}`;

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
        {link.status === 'reverted' && (
          <p className="rf-auth__notice" role="status">
            {link.message}
          </p>
        )}
        {link.status === 'confirm' && (
          <section className="rf-auth__confirm" aria-labelledby="rf-auth-confirm-title">
            <h2 id="rf-auth-confirm-title" className="rf-auth__confirm-title">
              Sign in as {link.email}?
            </h2>
            <p>
              This sign-in link was asked for in another browser.
              {link.signedInEmail
                ? ` You are signed in here as ${link.signedInEmail}; signing in replaces that session.`
                : ''}{' '}
              Only continue if you asked for it yourself.
            </p>
            <div className="rf-auth__confirm-actions">
              <Button onClick={link.confirm}>Sign in as {link.email}</Button>
              <Button variant="ghost" onClick={link.cancel}>
                Cancel
              </Button>
            </div>
          </section>
        )}

        <EmailStep
          titleId={titleId}
          submitLabel={copy.submit}
          register={register}
          errors={errors}
          onSubmit={(e) => void handleSubmit(flow.send)(e)}
          codeStep={codeStep}
          sending={flow.sending}
        />

        {!codeStep && googleClientId && (
          <GoogleSignIn
            clientId={googleClientId}
            onCredential={(c) => void onGoogleCredential(c)}
          />
        )}

        {flow.target && (
          <CodeStep email={flow.target.email} hintId={`rf-auth-code-hint-${mode}`} flow={flow} />
        )}

        <p className="rf-auth__footer">{copy.footer(next)}</p>
      </div>
    </div>
  );
}

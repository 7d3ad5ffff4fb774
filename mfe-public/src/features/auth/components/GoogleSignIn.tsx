import { useEffect, useRef, useState } from 'react';
import { loadGoogleIdentity } from '../api/googleIdentity';

export interface GoogleSignInProps {
  clientId: string;
  /** Receives the Google ID token; the caller sends it to the API. */
  onCredential: (credential: string) => void;
}

/**
 * 'or continue with' and Google's own 'Sign in with Google' button (Google Identity Services).
 * If the Google script cannot load, the option disappears and the failure is only logged, as the spec asks.
 */
export function GoogleSignIn({ clientId, onCredential }: GoogleSignInProps) {
  const slot = useRef<HTMLDivElement>(null);
  const latest = useRef(onCredential);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    latest.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity().then(
      (gsi) => {
        const el = slot.current;
        if (cancelled || !el) return;
        gsi.initialize({
          client_id: clientId,
          context: 'signin',
          ux_mode: 'popup',
          callback: (response) => {
            if (response.credential) latest.current(response.credential);
            else console.error('OAuth Registration Error:', 'Google returned no credential');
          },
        });
        gsi.renderButton(el, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'pill',
          logo_alignment: 'left',
          width: Math.min(400, Math.max(200, el.clientWidth || 320)),
        });
      },
      (err: unknown) => {
        console.error('Google sign-in is unavailable:', err);
        if (!cancelled) setUnavailable(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (unavailable) return null;
  return (
    <div className="rf-auth__google">
      <p className="rf-auth__divider">or continue with</p>
      <div
        ref={slot}
        className="rf-auth__google-slot"
        role="group"
        aria-label="Sign in with Google"
      />
    </div>
  );
}

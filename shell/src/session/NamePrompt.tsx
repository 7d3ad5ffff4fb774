// A name at first sign-in: people who have none yet (a new account, or one made before names were asked
// for) are asked once, right after signing in, for the name others will see on referral requests, in chat,
// in notifications and in e-mails instead of their address. Saved through PUT /auth/name.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useCurrentUser } from '@referio/shared';

export { NAME_PROMPT_TEXT } from './namePromptText';

/** The dialog and its form: a chunk of its own, fetched only when it opens. */
const NameDialog = lazy(() => import('./NameDialog'));

/** Pages where the prompt waits: signing in is not finished there yet. */
const WAITS_ON = /^\/sign-(in|up)(\/|$)/;

export function NamePrompt() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  // Only in the browser after the first paint: the server's HTML never has it (no hydration mismatch).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const open = mounted && user !== null && user.fullName.trim() === '' && !WAITS_ON.test(pathname);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NameDialog />
    </Suspense>
  );
}

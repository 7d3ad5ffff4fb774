import { Button, Island, TextField, useSubscribe } from '@referio/shared/islands';

/**
 * Subscribe by e-mail: the server's message on success, its message or the spec's fallback on failure. An
 * island of the landing (`mfe_public/SubscribeIsland`): the field's id is fixed, not `useId`'s.
 */
export function SubscribeBox() {
  const { email, setEmail, error, busy, submit } = useSubscribe();

  return (
    <section className="rf-landing__section rf-subscribe" aria-labelledby="rf-landing-subscribe">
      <h2 id="rf-landing-subscribe">Get new jobs in your inbox</h2>
      <p>Subscribe and we will e-mail you when companies post new roles.</p>
      <form className="rf-subscribe__form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          id="rf-landing-subscribe-email"
          label="Email for new job alerts"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <Button type="submit" busy={busy} busyLabel="Subscribing...">
          Subscribe
        </Button>
      </form>
    </section>
  );
}

export function SubscribeSection() {
  return (
    <Island name="mfe_public/SubscribeIsland">
      <SubscribeBox />
    </Island>
  );
}

// The footer's subscribe box. An island (`shell/FooterSubscribe`) on a page the shell took over without the app:
// fixed ids (one footer per page), no router, nothing of the app's shared entry.
import { Button, useSubscribe } from '@referio/shared/islands';

const INPUT_ID = 'footer-subscribe-email';
const ERROR_ID = 'footer-subscribe-error';

export function FooterSubscribe() {
  const { email, setEmail, error, busy, submit } = useSubscribe();

  return (
    <section className="site-footer__col site-footer__subscribe" aria-labelledby="footer-subscribe">
      <h2 id="footer-subscribe" className="site-footer__heading">
        Subscribe
      </h2>
      <p className="site-footer__note">New jobs and referral tips, straight to your inbox.</p>
      <form noValidate onSubmit={(e) => void submit(e)} className="site-footer__form">
        <label htmlFor={INPUT_ID} className="rf-visually-hidden">
          Email address
        </label>
        <input
          id={INPUT_ID}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
          className="site-footer__input"
        />
        <Button type="submit" busy={busy} busyLabel="Subscribing…">
          Subscribe
        </Button>
      </form>
      {error && (
        <p id={ERROR_ID} className="site-footer__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

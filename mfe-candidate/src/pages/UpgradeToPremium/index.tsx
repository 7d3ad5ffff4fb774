import { Button, useDashboardNavigate } from '@referio/shared';
import '../candidate.css';

/** The seeker's premium benefits (spec document 1 §1, document 2 §1). */
export const SEEKER_BENEFITS: { title: string; text: string }[] = [
  {
    title: 'Verified referrer access',
    text: 'Ask employees whose work e-mail we have verified, so your request reaches a real insider.',
  },
  {
    title: 'Request status tracking',
    text: 'See at a glance which referral requests are pending, approved or declined.',
  },
  {
    // Not live yet: during early access every seeker has premium (docs/decisions-public.md).
    title: 'Priority profile boost (coming soon)',
    text: 'Your profile will be shown first to referrers reviewing requests for a job.',
  },
  {
    title: 'Upcoming job notifications',
    text: 'Hear about new job posts that match your skills as soon as they go live.',
  },
  {
    title: 'Resume auto-preview',
    text: 'Referrers see your resume instantly, without downloading anything.',
  },
];

/** Upgrade To Premium: the benefits, 'Got it', and the early-access notice. */
export default function UpgradeToPremium() {
  const go = useDashboardNavigate();
  return (
    <section className="cand-page" aria-labelledby="cand-premium-title">
      <header className="cand-page__header">
        <h1 id="cand-premium-title">Upgrade To Premium</h1>
        <p className="cand-page__welcome">What premium gives a job seeker.</p>
      </header>
      <ul className="cand-benefits" aria-label="Premium benefits">
        {SEEKER_BENEFITS.map((b) => (
          <li key={b.title} className="rf-card cand-benefit">
            <h2 className="cand-benefit__title">{b.title}</h2>
            <p>{b.text}</p>
          </li>
        ))}
      </ul>
      <div className="rf-card cand-notice" role="note" aria-label="Early access">
        <p>
          <strong>Early access:</strong> all premium features are free during early access.
          Subscriptions and discounts for early users may come later.
        </p>
        <Button onClick={() => go('userdashboard')}>Got it</Button>
      </div>
    </section>
  );
}

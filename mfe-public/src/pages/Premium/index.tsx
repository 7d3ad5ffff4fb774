import {
  Button,
  FREE_REFERRALS,
  FREE_TRIAL_DAYS,
  PREMIUM_PRICE_RUPEES,
  useDocumentHead,
  paths,
} from '@referio/shared';
import { useGoBack } from '../../hooks/useGoBack';
import '../../components/InfoPage.css';
import { heads } from '../../ssr/heads';

const seekerBenefits = [
  ['Verified referrer access', 'Request referrals from employees whose work e-mail is verified.'],
  ['Request status tracking', 'See every request move from pending to approved or declined.'],
  // Not live yet: during early access every seeker has premium, so no profile can be shown first
  // (docs/decisions-public.md, "Premium: the priority profile boost").
  ['Priority profile boost (coming soon)', 'Your profile will be shown first to referrers.'],
  ['Upcoming job notifications', 'Hear about new jobs as soon as they are posted.'],
  ['Resume auto-preview', 'Referrers see your resume right inside your request.'],
] as const;

const referrerBenefits = [
  ['Unlimited job posts', 'Post every open role at your company.'],
  ['Smart request management', 'Sort, approve and decline requests in one place.'],
  ['Trust badge (coming soon)', 'A badge that shows candidates you are a verified referrer.'],
  ['Highlighted referrer tag', 'Your job posts stand out in the list.'],
  ['Referral analytics', 'Counts of the requests you received, approved and declined.'],
] as const;

function Benefits({
  id,
  title,
  items,
}: {
  id: string;
  title: string;
  items: typeof seekerBenefits | typeof referrerBenefits;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="rf-info__cards">
        {items.map(([name, text]) => (
          <li key={name} className="rf-card">
            <h3>{name}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The premium page: the benefits, the advertised plan and the early-access notice. */
export default function Premium() {
  useDocumentHead(heads.Premium);
  const goBack = useGoBack(paths.home());
  return (
    <div className="rf-info">
      <header>
        <h1>Premium</h1>
        <p className="rf-info__lead">
          Advertised plan: a {FREE_TRIAL_DAYS}-day free trial, {FREE_REFERRALS} free referral, then
          unlimited referrals for ₹{PREMIUM_PRICE_RUPEES}/month.
        </p>
      </header>
      <div className="rf-card rf-info__notice" role="note" aria-labelledby="rf-premium-early">
        <h2 id="rf-premium-early">Early access: all premium features are free</h2>
        <p>
          During early access every premium feature below is free and nothing is charged.
          Subscriptions, and discounts for early users, may come later; we will tell you before
          anything changes.
        </p>
      </div>
      <Benefits id="rf-premium-seeker" title="For job seekers" items={seekerBenefits} />
      <Benefits id="rf-premium-referrer" title="For referrers" items={referrerBenefits} />
      <Button size="lg" onClick={goBack}>
        Got it
      </Button>
    </div>
  );
}

import { FREE_REFERRALS, FREE_TRIAL_DAYS, PREMIUM_PRICE_RUPEES, paths } from '@referio/shared';
import { Link } from 'react-router-dom';

const steps = [
  {
    title: 'Search Company',
    text: 'Browse companies and open roles, and search by company name or job title.',
  },
  {
    title: 'Request a Referral',
    text: 'Upload your resume and send a referral request to the employee who posted the job.',
  },
  {
    title: 'Get Hired Faster',
    text: 'Follow your request in your dashboard and chat with the referrer once they approve.',
  },
];

export function HowItWorksSection() {
  return (
    <section className="rf-landing__section" aria-labelledby="rf-landing-how">
      <h2 id="rf-landing-how">How It Works</h2>
      <ol className="rf-landing__steps">
        {steps.map((s, i) => (
          <li key={s.title} className="rf-card">
            <span className="rf-landing__step-number" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

const features = [
  {
    title: 'Verified referrers',
    text: 'Referrers confirm their work e-mail before they can approve a request.',
  },
  {
    title: 'Your resume, your control',
    text: 'Only you and the referrers you send it to can open your resume.',
  },
  {
    title: 'Track every request',
    text: 'See which requests are pending, approved or declined, all in one place.',
  },
  {
    title: 'Chat after approval',
    text: 'Talk to your referrer directly once they approve your request.',
  },
];

export function FeaturesSection() {
  return (
    <section className="rf-landing__section" aria-labelledby="rf-landing-features">
      <h2 id="rf-landing-features">Why Referio</h2>
      <ul className="rf-landing__cards">
        {features.map((f) => (
          <li key={f.title} className="rf-card">
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
      <div className="rf-landing__claims">
        <p>
          <strong>4X</strong> Referred candidates are more likely to be hired
        </p>
        <p>
          <strong>80%</strong> of jobs are filled via referrals
        </p>
      </div>
    </section>
  );
}

/** Both readings of the spec's pricing: the advertised plan, and the early-access notice beside it. */
export function PricingSection() {
  return (
    <section className="rf-landing__section" aria-labelledby="rf-landing-pricing">
      <h2 id="rf-landing-pricing">Pricing</h2>
      <div className="rf-landing__pricing">
        <div className="rf-card">
          <h3>Premium plan</h3>
          <ul>
            <li>{FREE_TRIAL_DAYS}-day free trial</li>
            <li>{FREE_REFERRALS} free referral</li>
            <li>Unlimited referrals for ₹{PREMIUM_PRICE_RUPEES}/month</li>
          </ul>
        </div>
        <div className="rf-card rf-landing__notice" role="note" aria-label="Early access">
          <h3>Early access: everything is free for now</h3>
          <p>
            While Referio is in early access, every premium feature is free and nothing is charged.
            Subscriptions, and discounts for early users, may come later.
          </p>
          <Link to={paths.premium()}>See premium benefits</Link>
        </div>
      </div>
    </section>
  );
}

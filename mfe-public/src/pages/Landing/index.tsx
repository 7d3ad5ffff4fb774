import { Link } from 'react-router-dom';
import './Landing.css';

/** The front door: the hero of the spec's landing page. The other landing sections arrive with their issue. */
export default function Landing() {
  return (
    <main className="rf-landing">
      <section className="rf-landing__hero" aria-labelledby="rf-landing-title">
        <h1 id="rf-landing-title">Get referred to the job you want</h1>
        <p className="rf-landing__intro">
          Referio connects job seekers with employees who can refer them at their company. Find a
          company, request a referral from the person who posted the job, and chat once they
          approve.
        </p>
        <p className="rf-landing__facts">
          Referred candidates are 4X more likely to be hired, and 80% of jobs are filled via
          referrals.
        </p>
        <Link to="/company-list" className="rf-landing__cta">
          Get Referred Now
        </Link>
      </section>
    </main>
  );
}

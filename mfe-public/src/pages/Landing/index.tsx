import { Suspense, lazy } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_HEAD, Spinner, useDocumentHead, paths } from '@referio/shared';
import {
  CompanyGridSection,
  FeaturedCompaniesSection,
} from '../../features/landing/components/Companies';
import {
  FeaturesSection,
  HowItWorksSection,
  PricingSection,
} from '../../features/landing/components/StaticSections';
import { SubscribeSection } from '../../features/landing/components/Subscribe';
import { HeroSearchSection } from '../../features/landing/components/HeroSearch';
import './Landing.css';

// Below the fold: its code arrives after the first paint.
const Testimonials = lazy(() => import('../../features/landing/components/Testimonials'));

/** The front door (`/`, `/home`): every section of the spec's landing page. */
export default function Landing() {
  // The site's default head (heads.Landing in ssr/heads.ts is the same object): the landing page, the one
  // every visitor loads, does not bring the table of every page's head.
  useDocumentHead(DEFAULT_HEAD);
  return (
    <div className="rf-landing">
      <section className="rf-landing__hero" aria-labelledby="rf-landing-title">
        <h1 id="rf-landing-title">Get referred to the job you want</h1>
        <p className="rf-landing__intro">
          Referio connects job seekers with employees who can refer them at their company. Find a
          company, request a referral from the person who posted the job, and chat once they
          approve.
        </p>
        <HeroSearchSection />
        <p className="rf-landing__facts">
          Referred candidates are 4X more likely to be hired, and 80% of jobs are filled via
          referrals.
        </p>
        <Link to={paths.companyList()} className="rf-landing__cta">
          Get Referred Now
        </Link>
      </section>
      <CompanyGridSection />
      <HowItWorksSection />
      <FeaturesSection />
      <Suspense fallback={<Spinner label="Loading success stories" />}>
        <Testimonials />
      </Suspense>
      <PricingSection />
      <SubscribeSection />
      <FeaturedCompaniesSection />
    </div>
  );
}

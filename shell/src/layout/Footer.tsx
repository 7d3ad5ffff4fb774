// The site footer: quick links, the newsletter box, social links, policy links and the copyright.
import { Link } from 'react-router-dom';
import { paths } from '@referio/shared';
import { Island } from '@referio/shared/islands';
import { FooterSubscribe } from './FooterSubscribe';
import { Logo } from '../components/Logo';
import './Footer.css';

const quickLinks = [
  { to: paths.home(), label: 'Home' },
  { to: paths.companyList(), label: 'Browse Companies' },
  { to: paths.becomeReferrer(), label: 'Become a Referrer' },
  { to: paths.premium(), label: 'Get Premium' },
  { to: paths.contactUs(), label: 'Contact Us' },
];

const policyLinks = [
  { to: paths.privacyPolicy(), label: 'Privacy Policy' },
  { to: paths.termsAndConditions(), label: 'Terms & Conditions' },
  { to: paths.refundPolicy(), label: 'Refund & Cancellation Policy' },
];

const socialLinks = [
  {
    href: 'https://www.linkedin.com/',
    label: 'Referio on LinkedIn',
    icon: 'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm5 6h3.8v1.7h.1a4.2 4.2 0 0 1 3.7-2c4 0 4.7 2.6 4.7 6V21h-4v-5.6c0-1.3 0-3-1.9-3s-2.2 1.5-2.2 2.9V21H11z',
  },
  {
    href: 'https://x.com/',
    label: 'Referio on X',
    icon: 'M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.2L20.5 20H16l-4.4-6.1L6.3 20H3.6l6.6-7.7z',
  },
  {
    href: 'https://www.instagram.com/',
    label: 'Referio on Instagram',
    icon: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  },
  {
    href: 'https://www.facebook.com/',
    label: 'Referio on Facebook',
    icon: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v7h4v-7h3l1-4h-4V8z',
  },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__about" aria-label="About Referio">
          <Link to={paths.home()} className="site-footer__brand" aria-label="Referio home">
            <Logo />
          </Link>
          <p className="site-footer__tagline">
            Get referred by employees at the companies you want to work for. Referred candidates are
            4X more likely to be hired.
          </p>
          <ul className="site-footer__social">
            {socialLinks.map((s) => (
              <li key={s.href}>
                <a href={s.href} aria-label={s.label} target="_blank" rel="noopener noreferrer">
                  <svg
                    viewBox="0 0 24 24"
                    width="20"
                    height="20"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d={s.icon} fill="currentColor" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav className="site-footer__col" aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="site-footer__heading">
            Quick links
          </h2>
          <ul>
            {quickLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__col" aria-labelledby="footer-policies">
          <h2 id="footer-policies" className="site-footer__heading">
            Policies
          </h2>
          <ul>
            {policyLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* The footer's one interactive part: an island on a page the shell took over without the app. */}
        <Island name="shell/FooterSubscribe">
          <FooterSubscribe />
        </Island>
      </div>
      <p className="site-footer__copyright">
        © {new Date().getFullYear()} Referio. All rights reserved.
      </p>
    </footer>
  );
}

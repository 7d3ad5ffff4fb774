import { useDocumentHead } from '@referio/shared';
import { PolicyPage } from '../../components/PolicyPage';
import { heads } from '../../ssr/heads';

export default function TermsAndConditions() {
  useDocumentHead(heads.TermsAndConditions);
  return (
    <PolicyPage title="Terms and Conditions">
      <p>
        By using Referio you agree to these terms. They keep referrals honest for candidates,
        referrers and the companies they work for.
      </p>

      <h2>Job seekers</h2>
      <ul>
        <li>A seeker must upload a resume before requesting a referral.</li>
        <li>
          Your resume and profile must be truthful and your own. A referrer may decline any request.
        </li>
        <li>A referral is a recommendation, not a promise of an interview or a job.</li>
      </ul>

      <h2>Referrers</h2>
      <ul>
        <li>
          Becoming a referrer needs work e-mail verification and a valid job post: a real, open role
          at the company of your verified work e-mail.
        </li>
        <li>
          Use candidates&apos; resumes only to refer them for the job they asked about, and never
          share them outside your company&apos;s hiring process.
        </li>
        <li>Take a job post down once the role is filled.</li>
      </ul>

      <h2>Conduct</h2>
      <ul>
        <li>Be respectful in chat. No harassment, spam or requests for payment for referrals.</li>
        <li>Do not impersonate anyone or post jobs you cannot refer for.</li>
        <li>We may suspend accounts that break these terms.</li>
      </ul>
    </PolicyPage>
  );
}

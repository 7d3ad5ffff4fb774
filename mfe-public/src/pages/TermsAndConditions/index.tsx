import { PolicyPage } from '../../components/PolicyPage';

export default function TermsAndConditions() {
  return (
    <PolicyPage title="Terms and Conditions">
      <p>
        A seeker must upload a resume before requesting a referral. Becoming a referrer needs work
        e-mail verification and a valid job post.
      </p>
    </PolicyPage>
  );
}

import { PolicyPage } from '../../components/PolicyPage';

export default function PrivacyPolicy() {
  return (
    <PolicyPage title="Privacy Policy">
      <p>
        Referio keeps the details you give it (your e-mail address, profile, resume and messages) to
        connect applicants with referrers. Your resume is shown only to you and to the referrers you
        send a referral request to, and your conversations only to the two people in them.
      </p>
    </PolicyPage>
  );
}

import { useDocumentHead, paths } from '@referio/shared';
import { Link } from 'react-router-dom';
import { PolicyPage } from '../../components/PolicyPage';
import { heads } from '../../ssr/heads';

export default function PrivacyPolicy() {
  useDocumentHead(heads.PrivacyPolicy);
  return (
    <PolicyPage title="Privacy Policy">
      <p>
        Referio connects job seekers with employees who can refer them. This page says what we keep
        about you, who can see it, and how you remove it.
      </p>

      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account e-mail</strong>, which we use to send your sign-in codes.
        </li>
        <li>
          <strong>Your profile</strong>: the name, experience, skills, summary and photo you choose
          to add.
        </li>
        <li>
          <strong>Your resume</strong>, when you upload one to request a referral.
        </li>
        <li>
          <strong>Your work e-mail</strong>, if you become a referrer, with the company it belongs
          to.
        </li>
        <li>
          <strong>Your messages</strong> with referrers or candidates, and the referral requests you
          send or receive.
        </li>
      </ul>
      <p>
        We keep a session cookie while you are signed in. We do not sell your data and we do not
        show advertising.
      </p>

      <h2>Who sees your resume</h2>
      <p>
        Only you and the referrers you send a referral request to. Other users, and referrers you
        did not ask, cannot open it. A conversation is visible only to the two people in it.
      </p>

      <h2>Deleting your data</h2>
      <p>
        You can remove your resume at any time from your profile. To delete your whole account and
        everything in it, write to us from the <Link to={paths.contactUs()}>contact page</Link>;
        support deletes it and confirms by e-mail.
      </p>
    </PolicyPage>
  );
}

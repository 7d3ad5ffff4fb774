import { useNavigate } from 'react-router-dom';
import { Button, MESSAGES, useIsSignedIn, useDocumentHead, paths } from '@referio/shared';
import { useSignInPrompt } from '../../hooks/useSignInPrompt';
import '../../components/InfoPage.css';
import { heads } from '../../ssr/heads';

const benefits = [
  {
    title: 'Help candidates',
    text: 'Open the door for people who fit your team, with a referral that gets their resume read.',
  },
  {
    title: 'Expand your network',
    text: 'Meet motivated professionals in your field and stay in touch through Referio chat.',
  },
  {
    title: 'Boost your influence',
    text: 'Become the person at your company who brings in great hires.',
  },
  {
    title: 'Get rewarded',
    text: 'Many companies pay a referral bonus when someone you refer is hired.',
  },
];

/** /become-a-referral: why to refer, and 'Get Started' to post a job (sign-in first). */
export default function BecomeReferrer() {
  useDocumentHead(heads.BecomeReferrer);
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const prompt = useSignInPrompt();

  return (
    <section className="rf-info" aria-labelledby="rf-referrer-title">
      <header>
        <h1 id="rf-referrer-title">Become a Referrer</h1>
        <p className="rf-info__lead">
          Post the open roles at your company and refer the candidates you believe in. Verify your
          work e-mail, post a job, and approve the requests that fit.
        </p>
      </header>
      <ul className="rf-info__cards">
        {benefits.map((b) => (
          <li key={b.title} className="rf-card">
            <h2>{b.title}</h2>
            <p>{b.text}</p>
          </li>
        ))}
      </ul>
      <Button
        size="lg"
        onClick={() => {
          if (signedIn) void navigate(paths.createJobPost());
          else prompt(MESSAGES.signInToCreateJob);
        }}
      >
        Get Started
      </Button>
    </section>
  );
}

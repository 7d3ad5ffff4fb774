import { useDocumentHead } from '@referio/shared';
import { AuthPage } from '../../features/auth/components/AuthPage';
import { heads } from '../../ssr/heads';

export default function SignUp() {
  useDocumentHead(heads.SignUp);
  return <AuthPage mode="sign-up" />;
}

import { useDocumentHead } from '@referio/shared';
import { AuthPage } from '../../features/auth/components/AuthPage';
import { heads } from '../../ssr/heads';

export default function SignIn() {
  useDocumentHead(heads.SignIn);
  return <AuthPage mode="sign-in" />;
}

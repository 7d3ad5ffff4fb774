import { AuthPage } from '../../features/auth/components/AuthPage';

export default function SignUp() {
  return <AuthPage mode="sign-up" />;
}

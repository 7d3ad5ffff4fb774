import { AuthPage } from '../../features/auth/components/AuthPage';

export default function SignIn() {
  return <AuthPage mode="sign-in" />;
}

import { PageInProgress } from '../../components/PageInProgress';

export default function Profile() {
  return <PageInProgress title="Profile" />;
}

import { PageInProgress } from '../../components/PageInProgress';

export default function ReferrerProfile() {
  return <PageInProgress title="Profile" />;
}

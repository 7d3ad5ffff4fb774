import { PageInProgress } from '../../components/PageInProgress';

export default function UserDashboard() {
  return <PageInProgress title="Dashboard" />;
}

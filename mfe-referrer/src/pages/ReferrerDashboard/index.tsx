import { PageInProgress } from '../../components/PageInProgress';

export default function ReferrerDashboard() {
  return <PageInProgress title="Referrar Dashboard" />;
}

import { PageInProgress } from '../../components/PageInProgress';

export default function ReferralRequests() {
  return <PageInProgress title="Referral Requests" />;
}

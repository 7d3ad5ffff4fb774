import { PageInProgress } from '../../components/PageInProgress';

export default function MyReferralRequests() {
  return <PageInProgress title="My Referral Requests" />;
}

import { PageInProgress } from '../../components/PageInProgress';

export default function GiveReferral() {
  return <PageInProgress title="Give Referral" />;
}

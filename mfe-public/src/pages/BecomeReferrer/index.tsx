import { PageInProgress } from '../../components/PageInProgress';

export default function BecomeReferrer() {
  return <PageInProgress title="Become a Referrer" />;
}

import { PageInProgress } from '../../components/PageInProgress';

export default function UpgradeToPremium() {
  return <PageInProgress title="Upgrade To Premium" />;
}

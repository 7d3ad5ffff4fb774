import { PageInProgress } from '../../components/PageInProgress';

export default function Explore() {
  return <PageInProgress title="Explore" />;
}

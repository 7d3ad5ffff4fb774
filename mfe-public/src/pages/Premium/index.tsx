import { PageInProgress } from '../../components/PageInProgress';

export default function Premium() {
  return <PageInProgress title="Premium" />;
}

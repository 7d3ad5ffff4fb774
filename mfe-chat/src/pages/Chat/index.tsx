import { PageInProgress } from '../../components/PageInProgress';

export default function Chat() {
  return <PageInProgress title="Chat" />;
}

import { PageInProgress } from '../../components/PageInProgress';

export default function JobPosts() {
  return <PageInProgress title="Job Posts" />;
}

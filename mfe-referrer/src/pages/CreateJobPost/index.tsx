import { PageInProgress } from '../../components/PageInProgress';

export default function CreateJobPost() {
  return <PageInProgress title="Create Job Post" />;
}

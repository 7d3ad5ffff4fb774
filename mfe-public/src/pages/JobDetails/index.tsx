import { PageInProgress } from '../../components/PageInProgress';

export default function JobDetails() {
  return <PageInProgress title="Job Details" />;
}

import { PageInProgress } from '../../components/PageInProgress';

export default function CompanyList() {
  return <PageInProgress title="Browse Companies" />;
}

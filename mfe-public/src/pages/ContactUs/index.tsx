import { PageInProgress } from '../../components/PageInProgress';

export default function ContactUs() {
  return <PageInProgress title="Contact Us" />;
}

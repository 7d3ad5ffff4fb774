import { PolicyPage } from '../../components/PolicyPage';

export default function RefundPolicy() {
  return (
    <PolicyPage title="Refund and Cancellation Policy">
      <p>
        The platform is currently free, with no charges, so there is nothing to refund or cancel.
      </p>
    </PolicyPage>
  );
}

import {
  FREE_REFERRALS,
  FREE_TRIAL_DAYS,
  PREMIUM_PRICE_RUPEES,
  useDocumentHead,
} from '@referio/shared';
import { PolicyPage } from '../../components/PolicyPage';
import { heads } from '../../ssr/heads';

export default function RefundPolicy() {
  useDocumentHead(heads.RefundPolicy);
  return (
    <PolicyPage title="Refund and Cancellation Policy">
      <p>
        The platform is currently free, with no charges, so there is nothing to refund or cancel.
      </p>

      <h2>The advertised plan</h2>
      <p>
        Our pages advertise a premium plan: a {FREE_TRIAL_DAYS}-day free trial, {FREE_REFERRALS}{' '}
        free referral, then unlimited referrals for ₹{PREMIUM_PRICE_RUPEES}/month. During early
        access this plan is not charged: every premium feature is free, and we do not ask for any
        payment details.
      </p>

      <h2>If this changes</h2>
      <p>
        Before any paid plan starts we will publish its refund and cancellation terms here and tell
        you by e-mail. Nothing will be charged without your explicit agreement.
      </p>
    </PolicyPage>
  );
}

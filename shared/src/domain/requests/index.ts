// The request area: one request card, the status tabs and the decline reasons for both modes. Its own
// entry, '@referio/shared/requests' (a federated module of its own, like the profile): only the dashboards'
// request pages load it, never the landing page. Everything inside imports the singletons through
// '@referio/shared', never by a relative path.
import '../cards.css';

export { RequestCard, recipientName, senderName, type RequestCardProps } from './RequestCard';
export {
  REQUEST_TAB_LABELS,
  RequestStatusTabs,
  type RequestSide,
  type RequestStatusTabsProps,
} from './RequestStatusTabs';
export {
  DeclineReasonFields,
  EMPTY_DECLINE_CHOICE,
  declineDetails,
  declineChoiceError,
  type DeclineChoice,
  type DeclineReasonFieldsProps,
} from './DeclineReasonFields';

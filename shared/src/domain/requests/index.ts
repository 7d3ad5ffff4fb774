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

// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- makes the CSS imports type-check in every package that compiles these sources
/// <reference path="../css.d.ts" />
import './styles.css';

export { AppProviders, QUERY_CLIENT_OPTIONS, queryClient } from './AppProviders';
export { DEFAULT_HEAD, useDocumentHead, type PageHead } from './useDocumentHead';
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { JobFilterBar, type JobFilterBarProps } from './JobFilterBar';
export {
  parsePage,
  useJobListParams,
  useSearchInput,
  type JobListParams,
} from './useJobListParams';
export { Modal, type ModalProps } from './Modal';
export { Pagination, pageWindow, type PaginationProps } from './Pagination';
export { SearchBox, type SearchBoxProps } from './SearchBox';
export { Spinner, type SpinnerProps } from './Spinner';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
export {
  SelectField,
  TextAreaField,
  TextField,
  type SelectFieldProps,
  type SelectOption,
  type TextAreaFieldProps,
  type TextFieldProps,
} from './TextField';
export { ToastHost } from './ToastHost';
export { PHONE_QUERY, useMediaQuery } from './useMediaQuery';
export { toast } from './toast';
export { dashboardPath, useDashboardNavigate } from './useDashboardNavigate';
export { useDebouncedValue } from './useDebouncedValue';
export { useSubscribe, type SubscribeState } from './useSubscribe';
export { cx } from './cx';
export { LinkedTarget, useLinkedRequest } from './LinkedTarget';

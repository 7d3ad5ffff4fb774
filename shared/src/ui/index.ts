// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- makes the CSS imports type-check in every package that compiles these sources
/// <reference path="../css.d.ts" />
import './styles.css';

export { AppProviders, queryClient } from './AppProviders';
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { FilePicker, isAcceptedFile, type FilePickerProps } from './FilePicker';
export { Modal, type ModalProps } from './Modal';
export { OtpInput, type OtpInputProps } from './OtpInput';
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
export { toast } from './toast';
export { dashboardPath, useDashboardNavigate } from './useDashboardNavigate';
export { useDebouncedValue } from './useDebouncedValue';
export { useSubscribe, type SubscribeState } from './useSubscribe';
export { cx } from './cx';
export {
  EMAIL_PREFERENCES_FAILED,
  EMAIL_PREFERENCES_SAVED,
  EmailPreferences,
} from './EmailPreferences';
export { LinkedTarget, useLinkedRequest } from './LinkedTarget';

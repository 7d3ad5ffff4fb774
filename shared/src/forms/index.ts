// The form controls beyond a text field: the file picker (resume, photo), the code input (sign-in, work
// e-mail), the tag input (skills), and the account dialogs of the profile pages (e-mail change, e-mail
// preferences). Its own entry, '@referio/shared/forms' (a federated module of its own, like
// '@referio/shared/profile'): pages with such a form load it, the landing page and the lists do not.
// Everything inside imports the singletons through '@referio/shared', never by a relative path.
export {
  EMAIL_CHANGE_MESSAGES,
  EmailChangeDialog,
  REAUTH_PREFIX,
  ReauthDialog,
  type EmailChangeDialogProps,
  type ReauthDialogProps,
} from './EmailChangeDialog';
export {
  EMAIL_PREFERENCES_FAILED,
  EMAIL_PREFERENCES_SAVED,
  EmailPreferences,
} from './EmailPreferences';
export { FilePicker, isAcceptedFile, type FilePickerProps } from './FilePicker';
export { OtpInput, type OtpInputProps } from './OtpInput';
export { TagInput, type TagInputProps } from './TagInput';

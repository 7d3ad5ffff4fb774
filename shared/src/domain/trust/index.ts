// Report and block (docs/trust-and-safety.md), re-exported by '@referio/shared/jobs'.
export { ReportButton, type ReportButtonProps } from './ReportButton';
export { BlockButton, type BlockButtonProps } from './BlockButton';
export { BlockedUsers } from './BlockedUsers';

// The job card and what goes on it: the card, its facts, the "Verified at" badge, the referrer's
// responsiveness line and the skill chips. Its own entry, '@referio/shared/jobs' (a federated module of its
// own, like '@referio/shared/requests'): loaded with the first job list or job details (company list, job
// details, explore, the dashboards), never by the landing page. Everything inside imports the main entry's
// helpers through '@referio/shared', never by a relative path, so nothing is bundled twice.
export { VerifiedBadge, type VerifiedBadgeProps } from './VerifiedBadge';
export * from './ResponsivenessLine';
export { JobCard, type JobCardProps } from './JobCard';
export { JobFacts, type JobFact, type JobFactsProps } from './JobFacts';
export { SaveJobButton, useSavedAmong, type SaveJobButtonProps } from './SaveJobButton';
export { SaveAlertButton, type SaveAlertButtonProps } from './SaveAlertButton';
export { MATCH_VIEW_TEXTS, MatchSummaryView, type MatchSummaryViewProps } from './MatchSummaryView';
export { SkillChips, type SkillChipsProps } from '../skills';
export * from '../trust';

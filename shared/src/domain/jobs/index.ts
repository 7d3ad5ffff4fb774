export { VerifiedBadge, type VerifiedBadgeProps } from './VerifiedBadge';
export * from './ResponsivenessLine';
export { JobCard, type JobCardProps } from './JobCard';
export { JobFacts, type JobFact, type JobFactsProps } from './JobFacts';

export { JobCard, type JobCardProps } from './JobCard';
export { JobFacts, type JobFact, type JobFactsProps } from './JobFacts';

export { VerifiedBadge, type VerifiedBadgeProps } from './VerifiedBadge';

export { VerifiedBadge, type VerifiedBadgeProps } from './VerifiedBadge';
export * from './ResponsivenessLine';

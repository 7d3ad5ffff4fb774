// Domain UI shared by the remotes, one folder per area (docs: layout of shared/src/domain).
export * from './requests';

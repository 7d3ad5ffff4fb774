// Domain UI components shared by the remotes, one folder per area.
export * from './jobs';
export * from './requests';

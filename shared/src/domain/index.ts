// Domain components used by more than one remote. The profile area is not re-exported here: it is the
// entry '@referio/shared/profile' (see profile/index.ts), so the main entry stays free of forms.
import './cards.css';

export * from './jobs';
export * from './requests';
export * from './skills';

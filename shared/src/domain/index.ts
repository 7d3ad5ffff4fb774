// Domain components used by more than one remote. The profile and request areas are not re-exported here:
// they are the entries '@referio/shared/profile' and '@referio/shared/requests' (see their index.ts), so the
// main entry (the landing page) stays free of forms and dashboards.
import './cards.css';

export * from './jobs';
export * from './skills';

// Domain components used by more than one remote. None is re-exported here: the profile, request and job
// areas are the entries '@referio/shared/profile', '@referio/shared/requests' and '@referio/shared/jobs'
// (see their index.ts), so the main entry (the landing page) stays free of forms, dashboards and job cards.
import './cards.css';

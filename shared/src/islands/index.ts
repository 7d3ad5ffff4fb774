// '@referio/shared/islands': what the interactive parts of a server-rendered public page need (the menu, the
// subscribe boxes, the stories carousel), and nothing that brings react-query or the router. Its own federated
// entry, like '@referio/shared/jobs'; unlike the other entries it imports its modules by relative path (the
// main entry would bring react-query and every API module): an islands-only page (the landing) loads this entry
// and not the main one. In the app both are loaded, from the shell's one build, so each module (the session
// store, the HTTP client) is still one instance.
export { Island, ISLAND_ATTR, ISLAND_PROPS_ATTR, isIslandName } from './Island';
export { Button, type ButtonProps } from '../ui/Button';
export { TextField, type TextFieldProps } from '../ui/TextField';
export { ToastHost } from '../ui/ToastHost';
export { toast } from '../ui/toast';
export { useSubscribe, type SubscribeState } from '../ui/useSubscribe';
export { isSignedIn } from '../session/sessionStore';
export {
  CAROUSEL_SCROLL_PX,
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_MAX_LENGTH,
  SUGGESTION_KIND_LABELS,
} from '../contract/constants';
export { getJobSuggestions } from '../api/suggest';
export type { JobSuggestion } from '../contract/jobPost';
export { paths } from '../site/paths';
export { safeReturnPath } from '../contract/safeReturnPath';

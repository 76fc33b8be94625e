// Changing a policy (spec 3 §4 "Adjustment flow", §5, §6): the change areas under the policy's
// address, a saved change returned to, the notices of saved changes, and where the details tab's
// change links go.
export { CHANGE_AREAS, PolicyChangeArea } from './policy-change-area';
export { usePolicyEditLinks } from './edit-links';
export { SavedChangeNotices } from './saved-change-notices';
export { usePrefetchSavedChanges } from './api/saved-change-api';
export { SavedChangePage } from './saved-change-page';

// The live-events module (#33): each project's committed changes as server-sent events, across app processes.
export { liveEventRoutes } from './live-event-routes';
export type { LiveEvent, RowState, ChangeKind } from './live-event-types';

// The meetings module: its routes, the next meeting carried forward, and when an action is overdue.
export { meetingRoutes } from './meeting-routes';
export { createNextMeeting } from './carry-forward';
export { isOverdueAction } from './overdue-actions';

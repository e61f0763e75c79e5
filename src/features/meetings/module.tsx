import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const MeetingsPage = lazy(() => import('./meetings-page').then((m) => ({ default: m.MeetingsPage })));
const MeetingDocumentPage = lazy(() =>
  import('./meeting-document-page').then((m) => ({ default: m.MeetingDocumentPage })),
);

/** Meetings (field guide §12): the list with the overdue actions by owner, and a meeting's document. */
export const meetingsModule: ShellModule = {
  id: 'meetings',
  pages: [
    { path: 'general/meetinglist', element: <MeetingsPage /> },
    { path: 'general/meeting/:id', element: <MeetingDocumentPage /> },
  ],
};

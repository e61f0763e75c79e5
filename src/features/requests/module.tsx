import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';
import { RequestModalProvider, useRequestModal } from './request-modal-context';

const RequestsBugsV2Page = lazy(() => import('./requests-page').then((m) => ({ default: m.RequestsBugsV2Page })));

/** Quick Links > 'Request Bug Report' opens the request modal; dismissing it ('Modal dismissed') does nothing (spec §8). */
function useNewRequestAction() {
  const requestModal = useRequestModal();
  return () => void requestModal.open().catch(() => undefined);
}

/** Requests (spec §2, §4): the RequestsBugsV2 list, the one request modal every screen shares, its Quick Link. */
export const requestsModule: ShellModule = {
  id: 'requests',
  pages: [{ path: 'general/requestsbugsV2', element: <RequestsBugsV2Page /> }],
  provider: RequestModalProvider,
  quickLinks: [{ label: 'Request Bug Report', icon: 'BugReportOutlined', useAction: useNewRequestAction }],
};

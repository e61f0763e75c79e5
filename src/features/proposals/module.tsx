import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const ProposalsListPage = lazy(() => import('./proposals-list-page').then((m) => ({ default: m.ProposalsListPage })));
const ProposalDocumentPage = lazy(() =>
  import('./proposal-document-page').then((m) => ({ default: m.ProposalDocumentPage })),
);

/** Proposals (spec proposallist) and a proposal's document (spec theproposal/{id}, 0 for a new one). */
export const proposalsModule: ShellModule = {
  id: 'proposals',
  pages: [
    { path: 'general/proposallist', element: <ProposalsListPage /> },
    { path: 'general/theproposal/:id', element: <ProposalDocumentPage /> },
  ],
};

/**
 * A drawing page's contract (GET /api/projects/:id/drawings/:kind/:drawingId, field guide §6): a P&ID or
 * PFD and what sits on it, in one answer. Shared by the server route and the browser page.
 */

/** The two drawing lists of a project (their entity names, also the page's path segment). */
export const DRAWING_KINDS = ['pids', 'pfds'] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

export function isDrawingKind(value: unknown): value is DrawingKind {
  return (DRAWING_KINDS as readonly unknown[]).includes(value);
}

/** `R`: the row type (the schemas' EntityRow; src/lib imports none of ours). */
export type DrawingPage<R extends { id: number } = { id: number } & Record<string, unknown>> = {
  kind: DrawingKind;
  /** The drawing's wire row (deleted ones too: `deleteflag` says so). */
  drawing: R;
  /**
   * A P&ID: the equipment, instruments and lines whose pid_id is the drawing, and the streams on it.
   * A PFD: its streams (pfd_id), and the equipment those streams run from or to; no instruments or lines.
   */
  equipment: R[];
  instruments: R[];
  lines: R[];
  streams: R[];
  /** The label of every row a lookup of these rows names (the project aside): entity -> id -> label. */
  labels: Record<string, Record<string, string>>;
};

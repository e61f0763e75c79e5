/**
 * Files attached to a row of a list that takes them (schema `files: true`; #29 item 7), as the API answers
 * them (`GET /api/entities/:entity/:id/files`, the upload's answer) and the browser's Files section shows them.
 */
export type AttachmentRow = {
  id: number;
  entity: string;
  row_id: number;
  file_name: string;
  /** The type its content was found to be, never the one the client named. */
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_by: string;
  /** ISO timestamp (UTC). */
  uploaded_at: string;
  version: number;
};

/** The largest file an upload takes: 50 MiB. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/**
 * Error codes shared by server and browser. The server maps each to an HTTP status;
 * the browser can branch on `code` without parsing messages.
 */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 422,
  /** Nothing is wrong, but some values deserve a second look (a tag off the project's template): send again with acceptWarnings. */
  warnings_to_confirm: 422,
  unauthenticated: 401,
  forbidden: 403,
  xsrf_mismatch: 403,
  not_found: 404,
  conflict: 409,
  request_timeout: 408,
  payload_too_large: 413,
  /** A body of a type the route does not read, or compressed (Content-Encoding): bodies are sent uncompressed. */
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type ErrorBody = {
  error: ErrorCode;
  message: string;
  details?: unknown;
  requestId?: string;
};

import { errorStatus, type ErrorCode } from '../../lib/app-error';

/** Throw this from any handler: the error handler turns it into a readable 4xx body. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

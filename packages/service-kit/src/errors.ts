import { ErrorCode, type ErrorEnvelope, type ErrorIssue } from '@hap/contracts';

/** An error that knows its HTTP status, stable code and human message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
    /** What the answer offers besides the message (a taken booking's next free slots). */
    readonly extra?: Pick<ErrorEnvelope, 'nextSlots'>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError(404, ErrorCode.NOT_FOUND, message);
export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new AppError(400, ErrorCode.BAD_REQUEST, message, issues);
export const conflict = (message: string, issues?: ErrorIssue[]) => new AppError(409, ErrorCode.CONFLICT, message, issues);
export const unauthenticated = (message: string) => new AppError(401, ErrorCode.UNAUTHENTICATED, message);
export const forbidden = (message: string) => new AppError(403, ErrorCode.FORBIDDEN, message);
/** Well-formed but not acceptable as things stand (a service not live, a style not in the experiment). */
export const unprocessable = (message: string) => new AppError(422, ErrorCode.VALIDATION_FAILED, message);

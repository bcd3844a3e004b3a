/**
 * An error a route means to show to the caller. `code` is the part after the service prefix
 * (IDENTITY_, BILLING_, ...), which the error handler adds so codes stay unique per service.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly code: string;

  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const badRequest = (message: string, code = 'VALIDATION'): AppError => new AppError(400, code, message);
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED'): AppError => new AppError(401, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN'): AppError => new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND'): AppError => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT'): AppError => new AppError(409, code, message);
export const tooManyRequests = (message: string, code = 'RATE_LIMITED'): AppError => new AppError(429, code, message);

/** The one JSON error shape every service answers with; the web client reads `error`. */
export interface ErrorBody {
  error: string;
  code: string;
}

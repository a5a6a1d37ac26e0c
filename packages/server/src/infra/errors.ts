// DESIGN.md convention 3: one server error class carrying the HTTP status and an error_type from the typed
// catalogue (@gatehouse/protocol ERROR_TYPES). The error handler turns it into wire-format.md §3.2 JSON.
import {
  BACKEND_ERROR_TYPES,
  type BackendErrorType,
  ERROR_TYPES,
  type ErrorType as SdkErrorType,
} from '@gatehouse/protocol';

/** What the server answers: the SDK's catalogue plus the backend API's own types. */
export type ErrorType = SdkErrorType | BackendErrorType;
const STATUS_OF: Record<ErrorType, number> = { ...ERROR_TYPES, ...BACKEND_ERROR_TYPES };

export const ERROR_URL_BASE = 'https://gatehouse.dev/docs/errors';

export class ApiError extends Error {
  readonly statusCode: number;
  readonly errorType: ErrorType;
  /** Extra headers for the answer (for example Retry-After on a 429). */
  readonly headers: Record<string, string>;

  constructor(errorType: ErrorType, message: string, options: { headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.errorType = errorType;
    this.statusCode = STATUS_OF[errorType];
    this.headers = options.headers ?? {};
  }

  get errorUrl(): string {
    return `${ERROR_URL_BASE}#${this.errorType}`;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

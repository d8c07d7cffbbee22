import { HTTP_STATUS_BY_CODE, type ServerErrorCode } from '@sound-studio/shared';

/** An error the client should see: its code, message and details become the error envelope. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ServerErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra reply headers, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = HTTP_STATUS_BY_CODE[code];
  }
}

export function validationError(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { fields: { [field]: [message] } });
}

import { AppError } from '../errors.ts';

export const STORAGE_UNAVAILABLE_MESSAGE = 'File storage cannot be reached right now; nothing was saved or charged. Try again in a moment.';

/** The file store (an object store) did not answer or failed on its side: 503 STORAGE_UNAVAILABLE, a retry may work. */
export class StorageUnavailableError extends AppError {
  override name = 'StorageUnavailableError';

  constructor(cause: unknown) {
    super('STORAGE_UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE);
    this.cause = cause;
  }
}

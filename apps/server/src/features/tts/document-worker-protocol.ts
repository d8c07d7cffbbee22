import type { ServerErrorCode } from '@sound-studio/shared';
import type { ExtractedDocument } from './document-text.ts';

/** What the main thread asks the document worker: read the uploaded file at `path`. */
export interface ExtractionRequest {
  id: number;
  fileName: string;
  path: string;
}

export type ExtractionReply =
  /** Sent once the worker has loaded its parsers; the time limit only counts from the job's start. */
  | { type: 'ready' }
  | { type: 'done'; id: number; document: ExtractedDocument }
  | { type: 'refused'; id: number; code: ServerErrorCode; message: string; details?: Record<string, unknown> }
  /** An unexpected failure; `detail` is for the log only. */
  | { type: 'failed'; id: number; detail: string };

import { DOCUMENT_EXTENSIONS, UPLOAD_LIMITS } from '@sound-studio/shared';

export type DocumentProblem = 'type' | 'size' | 'empty';

/** Section 5's document rules checked before uploading: .pdf/.txt/.html/.docx, not empty, at most 50 MB. */
export function checkDocument(file: Pick<File, 'name' | 'size'>): DocumentProblem | null {
  const name = file.name.toLowerCase();
  if (!DOCUMENT_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > UPLOAD_LIMITS.documentBytes) return 'size';
  return null;
}

export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.join(',');

/**
 * The server's messages about an uploaded file's content, in English; the web app matches them and shows its own
 * translation (locale key serverMessages.<key>), so every one is a whole sentence with no inserted values.
 */
export const FILE_FAILURE_MESSAGES = {
  documentNotPdf: "The file's content does not match its extension: it is not a PDF document",
  documentNotDocx: "The file's content does not match its extension: it is not a Word document (.docx)",
  documentNotHtml: "The file's content does not match its extension: it is not a HTML page",
  documentNotTextFile: "The file's content does not match its extension: it is not a text file",
  documentNotText: 'The file is not a text document',
  mediaUnsupported: 'This file is not audio or video. Upload MP3, WAV, M4A/MP4, OGG, WebM, FLAC, AAC or AIFF.',
} as const;

export type FileFailureMessageKey = keyof typeof FILE_FAILURE_MESSAGES;

/**
 * The server's messages about an uploaded file (its form, its content, the document reader), in English; the web app
 * matches them and shows its own translation (locale key serverMessages.<key>), so every one is a whole sentence with
 * no inserted values.
 */
export const FILE_FAILURE_MESSAGES = {
  documentNotPdf: "The file's content does not match its extension: it is not a PDF document",
  documentNotDocx: "The file's content does not match its extension: it is not a Word document (.docx)",
  documentNotHtml: "The file's content does not match its extension: it is not a HTML page",
  documentNotTextFile: "The file's content does not match its extension: it is not a text file",
  documentNotText: 'The file is not a text document',
  mediaUnsupported: 'This file is not audio or video. Upload MP3, WAV, M4A/MP4, OGG, WebM, FLAC, AAC or AIFF.',
  mediaEmpty: 'The file is empty',
  mediaNoAudioStream: 'The file has no audio stream',
  videoNoAudioTrack: 'The video has no audio track',
  mediaNothingDecoded: 'No audio could be decoded from the file',
  decodeMemoryLimit: 'Decoding needed more memory than allowed',
  uploadUnreadable: 'The upload could not be read',
  cloneNoSpeech: 'No voiced speech was found in the samples',
  pdfUnreadable: 'The PDF could not be read: the file is damaged or password-protected',
  docxDamaged: 'The Word document could not be read: the file is damaged',
  documentTooLong: 'Document text is too long (max 200,000 characters)',
  documentTooComplex: 'The document is too complex to read. Save it as plain text or simplify it, then try again',
  documentUnreadable: 'The document could not be read',
  mediaNoAudioTrack: 'This file has no audio track',
  mediaFileRequired: 'Please choose an audio or video file',
  mediaNotMultipart: 'Send the audio or video as multipart/form-data with a "file" field',
  uploadOneFileOnly: 'Upload one file at a time',
  uploadTooManyFields: 'Too many form fields',
  cloneNotMultipart: 'Send the samples as multipart/form-data with "samples" files',
  cloneSamplesRequired: 'Add at least one voice sample',
  cloneEachSampleTooLarge: 'Each sample may be at most 20 MB',
  cloneContentRejected: 'MiniMax flagged the sample as sensitive content',
  documentFileRequired: 'Please choose a file to upload',
  documentNotMultipart: 'Send the document as multipart/form-data with a "file" field',
  documentTypeUnsupported: 'Unsupported file type. Please upload a .pdf, .txt, .html or .docx file',
  documentNoText: 'No readable text was found in the document',
  documentVoiceRequired: 'Please select a voice to turn this document into speech',
  documentsBusy: 'Too many documents are being read right now. Please try again in a moment',
  documentsUnavailable: 'Documents cannot be read right now. Please try again later',
} as const;

export type FileFailureMessageKey = keyof typeof FILE_FAILURE_MESSAGES;

/**
 * Server messages about files that carry values (lengths, sizes, a container name). The web app matches a message
 * against each pattern and passes the named groups to its translation (locale key serverMessageTemplates.<key>, with
 * {{group}} placeholders); en.json's texts fill back into the same English sentence.
 */
export const FILE_FAILURE_TEMPLATES = [
  { key: 'wavDamaged', pattern: /^The WAV file is damaged: (?<reason>.+)$/s },
  { key: 'containerUndecodable', pattern: /^The file looks like (?<container>[A-Z0-9]+) but could not be decoded$/ },
  { key: 'decoderCrashed', pattern: /^The decoder crashed on this (?<container>[A-Z0-9]+) file$/ },
  { key: 'decodeTimeout', pattern: /^Decoding took longer than (?<timeoutMs>\d+) ms and was stopped$/ },
  { key: 'audioTooShort', pattern: /^The audio is (?<seconds>[\d.]+) s long; it must be at least (?<minSeconds>[\d.]+) s$/ },
  { key: 'audioTooLong', pattern: /^The audio is (?<seconds>[\d.]+) s long; the limit is (?<maxSeconds>[\d.]+) s$/ },
  { key: 'audioLongerThan', pattern: /^The audio is longer than (?<seconds>\d+) s; the limit is (?<maxSeconds>[\d.]+) s$/ },
  { key: 'fileTooLarge', pattern: /^The file is (?<sizeMb>[\d.]+) MB; the limit is (?<maxMb>[\d.]+) MB$/ },
  { key: 'fileTooLargeMax', pattern: /^The file is too large \(max (?<maxMb>[\d.]+) MB\)$/ },
  { key: 'cloneNamedSampleTooShort', pattern: /^"(?<name>[^"]*)" is (?<seconds>[\d.]+) s long; samples need at least (?<minSeconds>[\d.]+) s$/ },
  { key: 'cloneSampleTooShort', pattern: /^Sample (?<number>\d+) is (?<seconds>[\d.]+) s long; samples need at least (?<minSeconds>[\d.]+) s$/ },
  { key: 'cloneNamedSampleTooLong', pattern: /^"(?<name>[^"]*)" is (?<seconds>[\d.]+) s long; samples may be at most (?<maxSeconds>[\d.]+) s$/ },
  { key: 'cloneSampleTooLong', pattern: /^Sample (?<number>\d+) is (?<seconds>[\d.]+) s long; samples may be at most (?<maxSeconds>[\d.]+) s$/ },
  { key: 'cloneNamedSampleTooLarge', pattern: /^"(?<name>[^"]*)" is larger than (?<maxMb>\d+) MB$/ },
  { key: 'cloneSampleTooLarge', pattern: /^Sample (?<number>\d+) is larger than (?<maxMb>\d+) MB$/ },
  { key: 'cloneTooManySamples', pattern: /^At most (?<maxCount>\d+) samples can be used$/ },
  { key: 'cloneTooManySamplesGiven', pattern: /^At most (?<maxCount>\d+) samples can be used; (?<count>\d+) were given$/ },
  { key: 'recordingTooLong', pattern: /^The recording is (?<seconds>[\d.]+) s long; the limit is (?<maxSeconds>\d+) s \((?<minutes>\d+) minutes\)$/ },
] as const satisfies readonly { key: string; pattern: RegExp }[];

export type FileFailureTemplateKey = (typeof FILE_FAILURE_TEMPLATES)[number]['key'];

/** The template a server message fits, with its inserted values; null when none fits. */
export function matchFileFailureTemplate(message: string): { key: FileFailureTemplateKey; values: Record<string, string> } | null {
  for (const { key, pattern } of FILE_FAILURE_TEMPLATES) {
    const groups = pattern.exec(message)?.groups;
    if (groups) return { key, values: { ...groups } };
  }
  return null;
}

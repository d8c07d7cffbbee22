import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { DOCUMENT_MODES, FILE_FAILURE_MESSAGES, plainString, TEXT_MAX_LENGTH, ttsRequestSchema, UPLOAD_LIMITS, type DocumentReply } from '@sound-studio/shared';
import { z } from 'zod';
import type { JobQueue } from '../../jobs/types.ts';
import { CreditHold } from '../../lib/credit-hold.ts';
import { jobHold, type CreditService } from '../../lib/credit-service.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import type { MediaLinks } from '../../lib/media-links.ts';
import { uploadFileName } from '../../lib/upload-file-name.ts';
import type { VoiceDirectory } from '../../lib/voice-directory.ts';
import { streamToTemporaryFile, type TemporaryFile } from '../../lib/upload-to-disk.ts';
import type { DocumentExtractor } from './document-extractor.ts';
import { chunkBySentences, LONG_FORM_JOB_TYPE, toTtsJob, type LongFormPayload } from './long-form.ts';
import {
  assertSpeakable,
  costOf,
  creditsPerCharacterOf,
  effectiveMood,
  engineRequestOf,
  resolveVoiceOrFail,
  settingsOf,
} from './prepare.ts';
import type { TtsRepository } from './repository.ts';

export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_LIMITS.documentBytes,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
} as const;

/** Uploaded documents wait here (inside the data folder) only while they are read. */
export function documentUploadDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'documents');
}

const FILE_TOO_LARGE_MESSAGE = 'The file is too large (max 50 MB)';
const VOICE_NEEDED_MESSAGE = FILE_FAILURE_MESSAGES.documentVoiceRequired;

/** Form fields arrive as strings: numbers are converted before the same rules as the generate call apply. */
const numberField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === undefined || value === '' ? undefined : Number(value)), schema);

const documentFieldsSchema = z.object({
  voiceId: plainString().trim().min(1, VOICE_NEEDED_MESSAGE).optional(),
  mood: ttsRequestSchema.shape.mood,
  speed: numberField(ttsRequestSchema.shape.speed),
  pitch: numberField(ttsRequestSchema.shape.pitch),
  volume: numberField(ttsRequestSchema.shape.volume),
  language: z.preprocess((value) => (value === '' ? undefined : value), ttsRequestSchema.shape.language),
  model: z.preprocess((value) => (value === '' ? undefined : value), ttsRequestSchema.shape.model),
  mode: z.enum(DOCUMENT_MODES).optional(),
});

export interface DocumentUpload {
  fileName: string;
  /** The document on disk; the route removes it once the upload is answered. */
  file: TemporaryFile;
  fields: Record<string, string>;
}

/**
 * Reads the multipart body: one `file` part (50 MB at most, streamed to a temporary file in `directory`) and the
 * optional setting fields, in any order. On any failure the temporary file is already gone when this throws.
 */
export async function readUpload(request: FastifyRequest, directory: string): Promise<DocumentUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA', FILE_FAILURE_MESSAGES.documentNotMultipart);
  }
  let upload: { fileName: string; file: TemporaryFile } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        upload ??= { fileName: uploadFileName(part.filename, 'document'), file: await saveFilePart(part, directory) };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await upload?.file.remove();
    throw uploadError(error);
  }
  if (!upload) throw validationError('file', FILE_FAILURE_MESSAGES.documentFileRequired);
  return { ...upload, fields };
}

function saveFilePart(part: MultipartFile, directory: string): Promise<TemporaryFile> {
  return streamToTemporaryFile(part.file, {
    directory,
    prefix: 'document-',
    maxBytes: UPLOAD_LIMITS.documentBytes,
    tooLargeMessage: FILE_TOO_LARGE_MESSAGE,
  });
}

function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
  if (code === 'FST_FILES_LIMIT') return validationError('file', FILE_FAILURE_MESSAGES.uploadOneFileOnly);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError('VALIDATION_ERROR', FILE_FAILURE_MESSAGES.uploadTooManyFields);
  return new AppError('VALIDATION_ERROR', FILE_FAILURE_MESSAGES.uploadUnreadable);
}

export interface DocumentDependencies {
  repository: TtsRepository;
  voices: VoiceDirectory;
  credits: CreditService;
  jobs: JobQueue;
  mediaLinks: MediaLinks;
  extractor: DocumentExtractor;
}

/**
 * POST /tts/documents: the text when it fits the editor, otherwise a long-form job (credits for every character
 * held now, charged when the audio is done). With `mode=estimate` a long document only comes back priced (credits
 * at the voice's rate for this account, the parts it is read in): nothing is held or queued, so the user can be
 * asked first.
 */
export async function handleDocument(deps: DocumentDependencies, userId: string, upload: DocumentUpload): Promise<DocumentReply> {
  const { text, characters } = await deps.extractor.extract(upload.fileName, upload.file.path);
  if (characters <= TEXT_MAX_LENGTH) return { kind: 'text', fileName: upload.fileName, text, characters };

  const fields = documentFieldsSchema.safeParse(upload.fields);
  if (!fields.success) throw new AppError('VALIDATION_ERROR', fields.error.issues[0]?.message ?? 'Invalid settings');
  const { voiceId, mode, ...settingsInput } = fields.data;
  if (!voiceId) throw validationError('voiceId', VOICE_NEEDED_MESSAGE);
  const voice = await resolveVoiceOrFail(deps.voices, voiceId, userId);
  const creditsPerCharacter = await creditsPerCharacterOf(deps.repository, userId, voice.voice);
  const prepared = {
    voice,
    mood: effectiveMood(settingsInput.mood, voice),
    settings: settingsOf(settingsInput),
  };
  assertSpeakable(engineRequestOf(prepared, text.slice(0, TEXT_MAX_LENGTH)));
  const cost = costOf(characters, creditsPerCharacter);
  if (mode === 'estimate') {
    const parts = chunkBySentences(text, prepared.settings.language ?? voice.voice.locale).length;
    const balance = await deps.credits.balance(userId);
    return { kind: 'estimate', fileName: upload.fileName, characters, credits: cost, creditsPerCharacter, parts, voiceName: voice.voice.name, balance };
  }
  return startLongForm(deps, userId, { fileName: upload.fileName, text, characters, voice, prepared, creditsPerCharacter, cost });
}

interface LongFormStart {
  fileName: string;
  text: string;
  characters: number;
  voice: Awaited<ReturnType<typeof resolveVoiceOrFail>>;
  prepared: Pick<LongFormPayload, 'mood' | 'settings'>;
  creditsPerCharacter: number;
  cost: number;
}

/** Holds the document's credits and queues its long-form job; the hold goes back if the job cannot be queued. */
async function startLongForm(deps: DocumentDependencies, userId: string, start: LongFormStart): Promise<DocumentReply> {
  const jobId = randomUUID();
  const description = `Text to speech: ${start.fileName} (${start.characters} characters)`;
  const hold = await CreditHold.reserve(deps.credits, userId, start.cost, description, `tts:${jobId}`, jobHold(jobId), { kind: 'document', characters: start.characters });
  const payload: LongFormPayload = {
    fileName: start.fileName,
    text: start.text,
    characters: start.characters,
    voiceId: start.voice.voice._id,
    mood: start.prepared.mood,
    settings: start.prepared.settings,
    creditsPerCharacter: start.creditsPerCharacter,
    cost: start.cost,
    reservationId: hold.reservationId,
  };
  try {
    const job = await deps.jobs.enqueue(LONG_FORM_JOB_TYPE, userId, payload, { id: jobId });
    return { kind: 'job', fileName: start.fileName, characters: start.characters, job: toTtsJob(job, deps.mediaLinks) };
  } catch (error) {
    await hold.release();
    throw error;
  }
}

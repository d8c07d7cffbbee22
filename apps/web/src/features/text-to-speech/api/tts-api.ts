import type { DocumentMode, HistoryRange, TtsJob, TtsRequest } from '@sound-studio/shared';
import { api, apiRequest, apiStream } from '../../../lib/api/index.ts';
import { lazySchemasFrom } from '../../../lib/lazy-schema.ts';

const schemas = lazySchemasFrom(() => import('./tts-schemas.ts'));
const documentReplySchema = schemas('documentReplySchema');
const speechTimingsSchema = schemas('speechTimingsSchema');
const ttsDeleteReplySchema = schemas('ttsDeleteReplySchema');
const ttsHistoryReplySchema = schemas('ttsHistoryReplySchema');
const ttsJobSchema = schemas('ttsJobSchema');
const ttsReplySchema = schemas('ttsReplySchema');
const workLicenseSchema = schemas('workLicenseSchema');

/** Speech takes a moment on a busy server; documents are large uploads. */
const GENERATION_TIMEOUT_MS = 120_000;
const UPLOAD_TIMEOUT_MS = 300_000;

export interface DocumentOptions {
  voiceId?: string;
  mood?: string;
  speed: number;
  pitch: number;
  volume: number;
  language?: string;
  model: string;
}

export const ttsApi = {
  generate: (request: TtsRequest) => api.post('/voices/generate-tts', request, { schema: ttsReplySchema, timeoutMs: GENERATION_TIMEOUT_MS }),
  /** Audio (MP3) sentence by sentence; the X-Generation-Id header names the generation being stored. */
  stream: (request: TtsRequest, signal?: AbortSignal) => apiStream('/voices/generate-tts/stream', { method: 'POST', body: request, timeoutMs: GENERATION_TIMEOUT_MS, signal }),
  history: (query: { q?: string; range: HistoryRange; page: number; limit: number }, signal?: AbortSignal) => {
    const params = new URLSearchParams({ range: query.range, page: String(query.page), limit: String(query.limit) });
    if (query.q) params.set('q', query.q);
    return api.get(`/tts/history?${params.toString()}`, { schema: ttsHistoryReplySchema, signal });
  },
  /** The stored generation behind a finished stream: it is among the newest in the history. */
  findGeneration: async (id: string) => (await ttsApi.history({ range: 'all', page: 1, limit: 10 })).items.find((item) => item.id === id) ?? null,
  /** Word timings of a generation, for highlighting words during playback. */
  timings: (id: string) => api.get(`/tts/history/${encodeURIComponent(id)}/timings`, { schema: speechTimingsSchema }),
  /** SRT or WebVTT captions of a generation, from the engine's word timings. */
  captions: (id: string, format: 'srt' | 'vtt') => apiStream(`/tts/history/${encodeURIComponent(id)}/captions.${format}`, { method: 'GET' }),
  /** The commercial license certificate of a generation (plans with commercialLicense). */
  license: (id: string) => api.get(`/tts/history/${encodeURIComponent(id)}/license`, { schema: workLicenseSchema }),
  deleteGeneration: (id: string) => api.delete(`/tts/history/${encodeURIComponent(id)}`, { schema: ttsDeleteReplySchema }),
  clearHistory: () => api.delete('/tts/history', { schema: ttsDeleteReplySchema }),
  /** `estimate` prices a long document without starting it; `create` starts its long-form job. */
  uploadDocument: (file: File, options: DocumentOptions, mode: DocumentMode) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(options)) if (value !== undefined) form.append(key, String(value));
    form.append('mode', mode);
    // The file goes last so the server has every field before it streams the upload.
    form.append('file', file);
    return apiRequest('/tts/documents', { method: 'POST', body: form, schema: documentReplySchema, timeoutMs: UPLOAD_TIMEOUT_MS });
  },
  job: (id: string, signal?: AbortSignal): Promise<TtsJob> => api.get(`/tts/jobs/${encodeURIComponent(id)}`, { schema: ttsJobSchema, signal }),
};

export const ttsQueryKeys = {
  history: ['tts', 'history'] as const,
  job: (id: string) => ['tts', 'job', id] as const,
};

import { isolatorJobListSchema, isolatorJobSchema } from '@sound-studio/shared';
import { api, apiRequest } from '../../../lib/api/index.ts';

/** A 500 MB upload on a slow line takes minutes. */
const UPLOAD_TIMEOUT_MS = 15 * 60_000;

export const isolatorApi = {
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return apiRequest('/voice-isolator/jobs', { method: 'POST', body: form, schema: isolatorJobSchema, timeoutMs: UPLOAD_TIMEOUT_MS });
  },
  job: (id: string, signal?: AbortSignal) => api.get(`/voice-isolator/jobs/${encodeURIComponent(id)}`, { schema: isolatorJobSchema, signal }),
  history: (signal?: AbortSignal) => api.get('/voice-isolator/jobs', { schema: isolatorJobListSchema, signal }),
};

export const isolatorQueryKeys = {
  history: ['voice-isolator', 'jobs'] as const,
  job: (id: string) => ['voice-isolator', 'job', id] as const,
};

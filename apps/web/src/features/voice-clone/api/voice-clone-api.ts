import { voiceCloneJobSchema, type ClonePreviewLanguage } from '@sound-studio/shared';
import { api, apiRequest } from '../../../lib/api/index.ts';

/** Up to 200 MB of samples on a slow line; the analysis runs afterwards, as a job. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface CloneRequest {
  name: string;
  removeNoise: boolean;
  optimizeAccent: boolean;
  previewLanguage: ClonePreviewLanguage;
  previewText: string;
  consent: true;
  samples: readonly File[];
}

export const voiceCloneApi = {
  create: (request: CloneRequest) => {
    const form = new FormData();
    form.append('name', request.name);
    form.append('removeNoise', String(request.removeNoise));
    form.append('optimizeAccent', String(request.optimizeAccent));
    form.append('previewLanguage', request.previewLanguage);
    if (request.previewText) form.append('previewText', request.previewText);
    form.append('consent', 'true');
    // Files last: the server has every field before it streams the samples.
    for (const sample of request.samples) form.append('samples', sample, sample.name);
    return apiRequest('/voice-clone/voices', { method: 'POST', body: form, schema: voiceCloneJobSchema, timeoutMs: UPLOAD_TIMEOUT_MS });
  },
  job: (id: string, signal?: AbortSignal) => api.get(`/voice-clone/jobs/${encodeURIComponent(id)}`, { schema: voiceCloneJobSchema, signal }),
};

export const voiceCloneQueryKeys = {
  job: (id: string) => ['voice-clone', 'job', id] as const,
};

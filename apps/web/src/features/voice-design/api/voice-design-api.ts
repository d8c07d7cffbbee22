import { customVoiceReplySchema, voiceDesignPreviewsReplySchema, type SaveDesignedVoiceRequest, type VoiceDesignPreviewRequest } from '@sound-studio/shared';
import { api } from '../../../lib/api/index.ts';

/** Three renders of the preview text take a few seconds on a busy server. */
const PREVIEW_TIMEOUT_MS = 60_000;

export const voiceDesignApi = {
  previews: (request: VoiceDesignPreviewRequest) => api.post('/voice-design/previews', request, { schema: voiceDesignPreviewsReplySchema, timeoutMs: PREVIEW_TIMEOUT_MS }),
  save: (request: SaveDesignedVoiceRequest) => api.post('/voice-design/voices', request, { schema: customVoiceReplySchema, timeoutMs: PREVIEW_TIMEOUT_MS }),
};

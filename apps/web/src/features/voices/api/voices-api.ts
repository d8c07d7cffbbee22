import { queryOptions, useQuery } from '@tanstack/react-query';
import { voiceListReplySchema, type Voice } from '@sound-studio/shared';
import { api } from '../../../lib/api/index.ts';
import { SAMPLE_VOICES } from '../sample-voices.ts';

export const voicesQueryKey = ['voices', 'list'] as const;

export interface VoiceList {
  voices: readonly Voice[];
  /** True when the list call failed and the built-in samples stand in (section 8: silently). */
  fallback: boolean;
}

async function fetchVoices(signal: AbortSignal): Promise<VoiceList> {
  try {
    const reply = await api.get('/voices/list-grouped', { schema: voiceListReplySchema, signal, timeoutMs: 15_000 });
    return { voices: reply.voices, fallback: false };
  } catch (error) {
    if (signal.aborted) throw error;
    return { voices: SAMPLE_VOICES, fallback: true };
  }
}

/**
 * The voice catalogue (plus the user's own voices); falls back to the seven samples when the call fails. Also read
 * ahead of the pages that list voices (the router's page data).
 */
export const voicesQuery = queryOptions({
  queryKey: voicesQueryKey,
  queryFn: ({ signal }) => fetchVoices(signal),
  staleTime: 5 * 60_000,
});

export function useVoices() {
  return useQuery(voicesQuery);
}

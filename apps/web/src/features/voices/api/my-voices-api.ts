import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MyVoicesReply, Voice, VoiceSlots } from '@sound-studio/shared';
import { api, apiRequest } from '../../../lib/api/index.ts';
import { lazySchemasFrom } from '../../../lib/lazy-schema.ts';
import { voicesQueryKey, type VoiceList } from './voices-api.ts';

const schemas = lazySchemasFrom(() => import('./my-voices-schemas.ts'));
const deleteVoiceReplySchema = schemas('deleteVoiceReplySchema');
const myVoicesReplySchema = schemas('myVoicesReplySchema');
const renamedVoiceReplySchema = schemas('renamedVoiceReplySchema');

export const myVoicesQueryKey = ['voices', 'mine'] as const;

export const myVoicesApi = {
  list: (signal?: AbortSignal) => api.get('/voices/mine', { schema: myVoicesReplySchema, signal }),
  /** The server answers with the voice; the { voice, slots } shape of create is accepted too. */
  rename: async (id: string, name: string): Promise<Voice> => {
    const reply = await apiRequest(`/voices/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name }, schema: renamedVoiceReplySchema });
    return 'voice' in reply ? reply.voice : reply;
  },
  remove: (id: string) => api.delete(`/voices/${encodeURIComponent(id)}`, { schema: deleteVoiceReplySchema }),
};

/** The user's custom voices and the plan's slots (GET /voices/mine). */
export function useMyVoices() {
  return useQuery({ queryKey: myVoicesQueryKey, queryFn: ({ signal }) => myVoicesApi.list(signal) });
}

/** The real slots, or null while they load (or when the call failed). */
export function useVoiceSlots(): VoiceSlots | null {
  return useMyVoices().data?.slots ?? null;
}

/** Puts a just-saved voice into the cached catalogue, so a page opened next finds it before the list is read again. */
function rememberVoice(queryClient: QueryClient, voice: Voice): void {
  queryClient.setQueryData(voicesQueryKey, (current: VoiceList | undefined) =>
    current && !current.fallback ? { ...current, voices: [voice, ...current.voices.filter((known) => known._id !== voice._id)] } : current,
  );
}

/**
 * A custom voice was created, renamed or deleted: the catalogue (modal, TTS) and My Voices must both see it. A reply
 * carrying the new voice puts it into the cached catalogue at once: the invalidation alone refetches only lists on
 * screen, and "Use in text to speech" would otherwise open on the old list.
 */
export function refreshCustomVoices(queryClient: QueryClient, reply?: { slots: VoiceSlots; voice?: Voice }): Promise<unknown> {
  if (reply) queryClient.setQueryData(myVoicesQueryKey, (current: MyVoicesReply | undefined) => (current ? { ...current, slots: reply.slots } : current));
  if (reply?.voice) rememberVoice(queryClient, reply.voice);
  return Promise.all([queryClient.invalidateQueries({ queryKey: voicesQueryKey, exact: true }), queryClient.invalidateQueries({ queryKey: myVoicesQueryKey })]);
}

export function useRenameVoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => myVoicesApi.rename(id, name),
    onSuccess: () => refreshCustomVoices(queryClient),
  });
}

export function useDeleteVoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => myVoicesApi.remove(id),
    onSuccess: (reply) => refreshCustomVoices(queryClient, reply),
  });
}

import { useCallback, useEffect, useRef } from 'react';
import { hashKey, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PREFERENCES,
  preferencesReplySchema,
  withRecentVoice,
  type Preferences,
  type UpdatePreferencesRequest,
  type Voice,
  type VoiceSettings,
} from '@sound-studio/shared';
import { api } from '../../../lib/api/index.ts';
import { failureReason, setPreferenceError, type PreferenceAction } from '../preference-errors.ts';

export const preferencesQueryKey = ['preferences'] as const;
/** Slider moves are saved once the hand rests (section 4's optimistic settings, fewer calls). */
export const SETTINGS_SAVE_DELAY_MS = 400;

const preferencesApi = {
  get: (signal?: AbortSignal) => api.get('/preferences', { schema: preferencesReplySchema, signal }),
  update: (request: UpdatePreferencesRequest) => api.put('/preferences', request, { schema: preferencesReplySchema }),
  select: (voiceId: string) => api.put('/preferences/voice/selected', { voiceId }, { schema: preferencesReplySchema }),
  favorite: (voiceId: string, action: 'add' | 'remove') => api.post('/preferences/voice/favorite', { voiceId, action }, { schema: preferencesReplySchema }),
  settings: (settings: Partial<VoiceSettings>) => api.put('/preferences/voice/settings', settings, { schema: preferencesReplySchema }),
};

/** Also read ahead of the studio's first page (the router's page data). */
export const preferencesQuery = queryOptions({
  queryKey: preferencesQueryKey,
  queryFn: ({ signal }) => preferencesApi.get(signal).then((reply) => reply.preferences),
  staleTime: 60_000,
});

/** The user's preferences; the defaults stand in until (or unless) they load. */
export function usePreferences() {
  const query = useQuery(preferencesQuery);
  return { ...query, preferences: query.data ?? DEFAULT_PREFERENCES };
}

/** To pick the preferences' events out of the query cache's. */
const preferencesQueryHash = hashKey(preferencesQueryKey);

function withVoiceSettings(preferences: Preferences, changes: Partial<VoiceSettings>): Preferences {
  return { ...preferences, voice: { ...preferences.voice, voiceSettings: { ...preferences.voice.voiceSettings, ...changes } } };
}

function currentPreferences(queryClient: QueryClient): Preferences {
  return queryClient.getQueryData<Preferences>(preferencesQueryKey) ?? DEFAULT_PREFERENCES;
}

/**
 * Copies the preferences one change touches from `source` into `target`: what a reply says of them, or what they were
 * before a failed change. Only those: replies can arrive in any order, and a whole reply to an older call would put
 * back what a later change (another toggle, a slider) has since set.
 */
type TakeChanged<Variables> = (target: Preferences, source: Preferences, variables: Variables) => Preferences;

/**
 * One optimistic preference change (TanStack Query's recipe): apply at once; on failure put back what it changed and
 * keep section 8's error state; on success take the server's values for what it changed.
 */
function useOptimisticPreference<Variables>(
  action: PreferenceAction,
  send: (variables: Variables) => Promise<{ preferences: Preferences }>,
  apply: (preferences: Preferences, variables: Variables) => Preferences,
  takeChanged: TakeChanged<Variables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (variables: Variables) => {
      await queryClient.cancelQueries({ queryKey: preferencesQueryKey });
      const snapshot = currentPreferences(queryClient);
      queryClient.setQueryData(preferencesQueryKey, apply(snapshot, variables));
      return { snapshot };
    },
    onError: (error, variables, context) => {
      if (context) queryClient.setQueryData(preferencesQueryKey, takeChanged(currentPreferences(queryClient), context.snapshot, variables));
      setPreferenceError({ action, reason: failureReason(error) });
    },
    onSuccess: (reply, variables) => {
      setPreferenceError(null);
      queryClient.setQueryData(preferencesQueryKey, takeChanged(currentPreferences(queryClient), reply.preferences, variables));
    },
  });
}

/** Section 4: selecting a voice also records it among the recent voices (10, newest first, no duplicates). */
export function applySelection(preferences: Preferences, voice: Pick<Voice, '_id' | 'name'>, now = new Date()): Preferences {
  const reference = { _id: voice._id, name: voice.name };
  return {
    ...preferences,
    voice: {
      ...preferences.voice,
      selectedVoiceId: voice._id,
      selectedVoice: reference,
      recentVoices: withRecentVoice(preferences.voice.recentVoices, { voiceId: voice._id, voice: reference, lastUsed: now.toISOString() }),
    },
  };
}

export function useSelectVoice() {
  return useOptimisticPreference(
    'select',
    (voice: Pick<Voice, '_id' | 'name'>) => preferencesApi.select(voice._id),
    (preferences, voice) => applySelection(preferences, voice),
    (target, { voice: { selectedVoiceId, selectedVoice, recentVoices } }) => ({ ...target, voice: { ...target.voice, selectedVoiceId, selectedVoice, recentVoices } }),
  );
}

export function applyFavorite(preferences: Preferences, voiceId: string, action: 'add' | 'remove'): Preferences {
  const others = preferences.voice.favoriteVoices.filter((id) => id !== voiceId);
  return { ...preferences, voice: { ...preferences.voice, favoriteVoices: action === 'add' ? [...others, voiceId] : others } };
}

export function useToggleFavorite() {
  return useOptimisticPreference(
    'favorite',
    ({ voiceId, action }: { voiceId: string; action: 'add' | 'remove' }) => preferencesApi.favorite(voiceId, action),
    (preferences, { voiceId, action }) => applyFavorite(preferences, voiceId, action),
    (target, { voice: { favoriteVoices } }) => ({ ...target, voice: { ...target.voice, favoriteVoices } }),
  );
}

export function useUpdatePreferences() {
  return useOptimisticPreference(
    'preferences',
    (request: UpdatePreferencesRequest) => preferencesApi.update(request),
    (preferences, { preferences: changes }) => ({
      voice: { ...preferences.voice, ...changes.voice },
      ui: { ...preferences.ui, ...changes.ui },
      notifications: { ...preferences.notifications, ...changes.notifications },
    }),
    (target, source, { preferences: changes }) => ({
      voice: { ...target.voice, ...pickKeys(source.voice, changes.voice) },
      ui: { ...target.ui, ...pickKeys(source.ui, changes.ui) },
      notifications: { ...target.notifications, ...pickKeys(source.notifications, changes.notifications) },
    }),
  );
}

/** The entries of `section` named by the keys of `changed`. */
function pickKeys<Section extends object>(section: Section, changed: Partial<Section> | undefined): Partial<Section> {
  const keys = Object.keys(changed ?? {}) as (keyof Section)[];
  return Object.fromEntries(keys.map((key) => [key, section[key]])) as Partial<Section>;
}

/**
 * The sliders: each move shows at once (the cache is updated), and the changed values are saved together after
 * SETTINGS_SAVE_DELAY_MS. A failed save puts the sliders it carried back to their values before its first move.
 */
export function useVoiceSettings() {
  const queryClient = useQueryClient();
  const { preferences } = usePreferences();
  const pending = useRef<{ changes: Partial<VoiceSettings>; snapshot: Preferences | undefined } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /**
   * The sliders of `changes` as `source` holds them, less those moved again since (their values stay on screen and go
   * with the next call): what a reply confirms, or what a failed save puts back.
   */
  const settledSettings = useCallback((source: Preferences, changes: Partial<VoiceSettings>): Partial<VoiceSettings> => {
    const movedAgain = pending.current?.changes ?? {};
    const keys = (Object.keys(changes) as (keyof VoiceSettings)[]).filter((key) => !(key in movedAgain));
    return Object.fromEntries(keys.map((key) => [key, source.voice.voiceSettings[key]]));
  }, []);
  const mutation = useMutation({
    mutationFn: (changes: Partial<VoiceSettings>) => preferencesApi.settings(changes),
    onSuccess: (reply, saved) => {
      setPreferenceError(null);
      queryClient.setQueryData(preferencesQueryKey, withVoiceSettings(currentPreferences(queryClient), settledSettings(reply.preferences, saved)));
    },
  });
  const { mutate } = mutation;

  const flush = useCallback(() => {
    const batch = pending.current;
    pending.current = null;
    if (!batch) return;
    mutate(batch.changes, {
      onError: (error) => {
        const before = settledSettings(batch.snapshot ?? DEFAULT_PREFERENCES, batch.changes);
        queryClient.setQueryData(preferencesQueryKey, withVoiceSettings(currentPreferences(queryClient), before));
        setPreferenceError({ action: 'settings', reason: failureReason(error) });
      },
    });
  }, [mutate, queryClient, settledSettings]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      flush();
    },
    [flush],
  );

  // Preferences that load after a move (the page drew before they came) would put the slider back and lose the move:
  // unsaved moves are laid over them, and they become what a failed save rolls back to. Other changes' replies need no
  // such care: they take only what they changed (`useOptimisticPreference`).
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const batch = pending.current;
        if (!batch || event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
        if (event.query.queryHash !== preferencesQueryHash) return;
        const loaded = event.query.state.data as Preferences | undefined;
        if (!loaded) return;
        batch.snapshot = loaded;
        queryClient.setQueryData(preferencesQueryKey, withVoiceSettings(loaded, batch.changes));
      }),
    [queryClient],
  );

  const setSetting = useCallback(
    (key: keyof VoiceSettings, value: number) => {
      const before = queryClient.getQueryData<Preferences>(preferencesQueryKey);
      pending.current ??= { changes: {}, snapshot: before };
      pending.current.changes[key] = value;
      queryClient.setQueryData(preferencesQueryKey, withVoiceSettings(before ?? DEFAULT_PREFERENCES, { [key]: value }));
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SETTINGS_SAVE_DELAY_MS);
    },
    [flush, queryClient],
  );

  return { settings: preferences.voice.voiceSettings, setSetting, isSaving: mutation.isPending };
}

import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type TtsRequest, type Voice } from '@sound-studio/shared';
import { isApiError } from '../../../lib/api/index.ts';
import { useAuth } from '../../auth/index.ts';
import { creditSummaryQueryKey, useCreditsRedirect } from '../../credits/index.ts';
import { usePlayer } from '../../player/index.ts';
import { ttsApi, ttsQueryKeys } from '../api/tts-api.ts';
import { canStreamMp3, pipeToMediaSource } from '../media-stream.ts';
import { generationDisplayName, generationItem } from '../speech-item.ts';

/** Longer texts stream sentence by sentence so playback starts early; short ones come back whole within a second. */
export const STREAM_MIN_CHARACTERS = 600;

export type GenerationFailure = { kind: 'validation' } | { kind: 'failed'; message: string | null };

export interface GenerateInput {
  request: TtsRequest;
  voice: Voice;
}

/**
 * Section 4's text-to-speech states: idle, generating, done (the audio plays in the global player) or a failure. No
 * credits sends the user to the server's redirect or the pricing page; a success refreshes the balance.
 */
/** The latest generation, for the MP3 and caption downloads beside the editor. */
export interface LastAudio {
  audioUrl: string;
  displayName: string;
  generationId: string;
  /** The text it was made from: the downloads beside the editor belong to it only while the editor still holds it. */
  text: string;
}

export function useGenerateSpeech() {
  const player = usePlayer();
  const queryClient = useQueryClient();
  const redirectForCredits = useCreditsRedirect();
  const { user, updateUser } = useAuth();
  const [isGenerating, setIsGenerating] = useState(false);
  const [failure, setFailure] = useState<GenerationFailure | null>(null);
  const [lastAudio, setLastAudio] = useState<LastAudio | null>(null);

  const refreshAfterCharge = useCallback(
    (balance?: number) => {
      void queryClient.invalidateQueries({ queryKey: creditSummaryQueryKey });
      void queryClient.invalidateQueries({ queryKey: ttsQueryKeys.history });
      if (user && balance !== undefined) updateUser({ ...user, credits: balance });
    },
    [queryClient, updateUser, user],
  );

  const generateWhole = useCallback(
    async ({ request, voice }: GenerateInput) => {
      const reply = await ttsApi.generate(request);
      const item = { ...generationItem(reply.generation, voice.artwork), audioUrl: reply.audioUrl };
      player.play(item);
      setLastAudio({ audioUrl: reply.audioUrl, displayName: item.displayName, generationId: reply.generation.id, text: request.text });
      refreshAfterCharge(reply.credits);
    },
    [player, refreshAfterCharge],
  );

  const generateStreamed = useCallback(
    async ({ request, voice }: GenerateInput) => {
      const response = await ttsApi.stream(request);
      if (!response.body) throw new Error('no stream');
      const generationId = response.headers.get('X-Generation-Id');
      const name = `generation:${generationId ?? crypto.randomUUID()}`;
      const displayName = generationDisplayName(voice.name, request.text);
      const source = new MediaSource();
      const streamUrl = URL.createObjectURL(source);
      player.play({ name, audioUrl: streamUrl, displayName, artworkUrl: voice.artwork, streaming: true });
      try {
        await pipeToMediaSource(source, response.body);
      } catch {
        // The player let go of the stream (closed, another item): the stored file is still fetched below.
      }
      // The finished file is kept with the generation: switch to it for seeking, waveform and download.
      const stored = generationId ? await ttsApi.findGeneration(generationId) : (await ttsApi.history({ range: 'all', page: 1, limit: 1 })).items[0];
      setTimeout(() => URL.revokeObjectURL(streamUrl), 30_000);
      refreshAfterCharge();
      // A stream cut short by the server leaves no stored file: say it failed rather than offer a broken download.
      if (!stored) throw new Error('stream ended without a stored generation');
      player.replaceSource(name, { audioUrl: stored.audioUrl, streaming: false });
      setLastAudio({ audioUrl: stored.audioUrl, displayName, generationId: stored.id, text: request.text });
    },
    [player, refreshAfterCharge],
  );

  const generate = useCallback(
    async (input: GenerateInput) => {
      setFailure(null);
      setIsGenerating(true);
      try {
        const streamed = input.request.text.length >= STREAM_MIN_CHARACTERS && canStreamMp3();
        await (streamed ? generateStreamed(input) : generateWhole(input));
      } catch (error) {
        if (redirectForCredits(error)) return;
        if (isApiError(error) && error.code === 'VALIDATION_ERROR') {
          setFailure({ kind: 'validation' });
        } else {
          setFailure({ kind: 'failed', message: isApiError(error) && error.status > 0 && error.code !== 'REQUEST_FAILED' ? error.message : null });
        }
      } finally {
        setIsGenerating(false);
      }
    },
    [generateStreamed, generateWhole, redirectForCredits],
  );

  return { generate, isGenerating, failure, dismissFailure: () => setFailure(null), lastAudio };
}

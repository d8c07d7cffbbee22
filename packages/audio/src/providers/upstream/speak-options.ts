import { SpeechError, type SpeechRequest } from '../../speech/types.ts';

/** The provider's own voice id: the routing engine hands upstream engines the voice as that string or its spec. */
export function upstreamVoiceIdOf(request: SpeechRequest): string {
  if (typeof request.voice === 'string') return request.voice;
  if (request.voice.upstream) return request.voice.upstream.voiceId;
  throw new SpeechError('UNKNOWN_VOICE', 'This voice is not a voice of the speech provider', { voice: request.voice.id });
}

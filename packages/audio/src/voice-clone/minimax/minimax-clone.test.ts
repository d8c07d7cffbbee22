import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseMp3Frames } from '../../codec/mp3-frames.ts';
import { syntheticVoice } from '../../isolate/test-support/signals.ts';
import { VoiceIsolator } from '../../isolate/voice-isolator.ts';
import { startFakeMiniMaxServer, type FakeMiniMaxServer } from '../../testing/fake-minimax-speech.ts';
import { MiniMaxSpeechEngine } from '../../providers/minimax/minimax-engine.ts';
import type { VoiceCloneRequest } from '../types.ts';
import { startFakeMiniMaxCloneServer, type FakeMiniMaxCloneServer } from '../../testing/fake-minimax-clone.ts';
import { MiniMaxVoiceCloneProvider } from './minimax-clone-provider.ts';
import { MINIMAX_CLONE_STATUS } from './wire.ts';

const RATE = 24_000;
let isolator: VoiceIsolator;
let cloneServer: FakeMiniMaxCloneServer;
let speechServer: FakeMiniMaxServer;

const sample = (seconds: number, f0 = 180): VoiceCloneRequest['samples'][number] => ({
  samples: syntheticVoice({ f0, seconds, sampleRate: RATE, syllablesPerSecond: 4 }),
  sampleRate: RATE,
});

/** Waits asked for between retries; nothing really waits here. */
const waits: number[] = [];
const retry = { baseDelayMs: 10, random: () => 1, sleep: async (ms: number) => void waits.push(ms) };

function provider(overrides: Partial<ConstructorParameters<typeof MiniMaxVoiceCloneProvider>[0]> = {}): MiniMaxVoiceCloneProvider {
  return new MiniMaxVoiceCloneProvider({ apiKey: cloneServer.apiKey, baseUrl: cloneServer.baseUrl, isolator, retry, ...overrides });
}

beforeAll(async () => {
  isolator = new VoiceIsolator({ workers: 1 });
  [cloneServer, speechServer] = await Promise.all([startFakeMiniMaxCloneServer(), startFakeMiniMaxServer()]);
});

afterEach(() => {
  cloneServer.requests.length = 0;
});

afterAll(async () => {
  await Promise.all([isolator.close(), cloneServer.close(), speechServer.close()]);
});

describe('MiniMax voice clone adapter (against a fake of the documented shapes)', () => {
  it('uploads the joined samples with purpose voice_clone, clones under the voice id, and the voice then speaks by id', async () => {
    const cloned = await provider({ groupId: 'group-7' }).clone({
      voiceId: 'StudioVoice001',
      samples: [sample(12), sample(15, 200)],
      language: 'tr',
      removeNoise: true,
      optimizeAccent: true,
      previewText: 'Merhaba, bu benim klonlanmış sesim.',
    });
    const [upload, clone, preview] = cloneServer.requests;
    expect(upload).toMatchObject({ method: 'POST', path: '/v1/files/upload', query: { GroupId: 'group-7' } });
    expect(upload?.headers.authorization).toBe(`Bearer ${cloneServer.apiKey}`);
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.body).toMatchObject({ purpose: 'voice_clone', file: { name: 'StudioVoice001.mp3', type: 'audio/mpeg' } });
    expect(clone).toMatchObject({ path: '/v1/voice_clone', query: { GroupId: 'group-7' } });
    // No preview text here: voice_clone's demo would be billed and still leave the voice to be deleted in 7 days.
    expect(clone?.body).toEqual({
      file_id: expect.any(Number),
      voice_id: 'StudioVoice001',
      need_noise_reduction: true,
      need_volume_normalization: true,
      language_boost: 'Turkish',
    });
    // The preview is the new voice's first T2A call, which also keeps it.
    expect(preview).toMatchObject({ method: 'POST', path: '/v1/t2a_v2', query: { GroupId: 'group-7' } });
    expect(preview?.body).toMatchObject({
      model: 'speech-2.8-hd', text: 'Merhaba, bu benim klonlanmış sesim.', voice_setting: { voice_id: 'StudioVoice001' }, language_boost: 'Turkish',
    });
    expect(cloneServer.requests).toHaveLength(3);
    expect(cloned).toMatchObject({
      provider: 'minimax',
      voiceId: 'StudioVoice001',
      voice: { language: 'tr', espeakVoice: 'tr', providerVoiceIds: { minimax: 'StudioVoice001' } },
      preview: { kind: 'mp3', sampleRate: 32000 },
    });
    if (cloned.preview?.kind !== 'mp3') throw new Error('expected an MP3 preview');
    expect(parseMp3Frames(cloned.preview.bytes).durationSeconds).toBeCloseTo(cloned.preview.durationSeconds, 0);
    expect(cloneServer.voices.has('StudioVoice001')).toBe(true);
    expect(cloneServer.keptVoices.has('StudioVoice001')).toBe(true);

    const speech = new MiniMaxSpeechEngine({ apiKey: speechServer.apiKey, baseUrl: speechServer.baseUrl });
    const spoken = await speech.speak({ text: 'Merhaba dünya.', voice: cloned.voice, speed: 1, pitch: 0, volume: 1 });
    expect(spoken.format).toBe('mp3');
    expect(speechServer.requests.at(-1)?.body).toMatchObject({ voice_setting: { voice_id: 'StudioVoice001' } });
  });

  it('sends one MP3 of all samples (joined, at most five minutes) that the fake measures', async () => {
    await provider().clone({ voiceId: 'JoinedVoice01', samples: [sample(10), sample(10)], language: 'en-US' });
    const file = (cloneServer.requests[0]?.body as { file: { size: number } }).file;
    // 20.4 s of 128 kbps MP3 is about 326 KB.
    expect(file.size).toBeGreaterThan(300_000);
    expect(file.size).toBeLessThan(360_000);
  });

  it('maps MiniMax status codes to clear errors', async () => {
    const request = { samples: [sample(11)], language: 'en-US' };
    await provider().clone({ ...request, voiceId: 'TakenVoice01' });
    await expect(provider().clone({ ...request, voiceId: 'TakenVoice01' })).rejects.toMatchObject({ code: 'VOICE_ID_TAKEN', details: { statusCode: 2039 } });
    await expect(new MiniMaxVoiceCloneProvider({ apiKey: 'wrong', baseUrl: cloneServer.baseUrl, isolator }).clone({ ...request, voiceId: 'AnyVoice0001' }))
      .rejects.toMatchObject({ code: 'PROVIDER_AUTH' });
    const cases = [
      [MINIMAX_CLONE_STATUS.insufficientBalance, 'PROVIDER_QUOTA'],
      [MINIMAX_CLONE_STATUS.usageLimitExceeded, 'PROVIDER_USAGE_LIMIT'],
      [MINIMAX_CLONE_STATUS.cloneDisabled, 'PROVIDER_FORBIDDEN'],
      [MINIMAX_CLONE_STATUS.durationOutOfRange, 'SAMPLE_REJECTED'],
      [MINIMAX_CLONE_STATUS.inputSensitive, 'CONTENT_REJECTED'],
      [1000, 'PROVIDER_ERROR'],
    ] as const;
    for (const [statusCode, code] of cases) {
      cloneServer.failNext({ statusCode, statusMsg: 'fake failure' });
      await expect(provider().clone({ ...request, voiceId: `Failing${statusCode}x` })).rejects.toMatchObject({ code });
    }
  });

  it('retries rate limits on upload and clone, and reports one that outlasts the retries', async () => {
    waits.length = 0;
    cloneServer.failNext({ statusCode: MINIMAX_CLONE_STATUS.rateLimited, statusMsg: 'rate limit' }); // the upload
    cloneServer.failNext({ statusCode: MINIMAX_CLONE_STATUS.tokenRateLimited, statusMsg: 'token limit' }); // its retry
    await provider().clone({ voiceId: 'RetriedVoice01', samples: [sample(11)], language: 'en-US' });
    expect(cloneServer.requests.map((request) => request.path)).toEqual(['/v1/files/upload', '/v1/files/upload', '/v1/files/upload', '/v1/voice_clone']);
    expect(waits).toEqual([10, 20]);
    for (let attempt = 0; attempt < 2; attempt++) cloneServer.failNext({ statusCode: MINIMAX_CLONE_STATUS.rateLimited, statusMsg: 'rate limit' });
    await expect(provider({ retry: { ...retry, attempts: 2 } }).clone({ voiceId: 'LimitedVoice01', samples: [sample(11)], language: 'en-US' }))
      .rejects.toMatchObject({ code: 'PROVIDER_RATE_LIMIT' });
  });

  it('reads input_sensitive as a flag or as an object whose type 0 means not sensitive', async () => {
    const request = { samples: [sample(11)], language: 'en-US', previewText: 'Hello there.' };
    cloneServer.sensitiveNext({ type: 0 });
    const cloned = await provider().clone({ ...request, voiceId: 'ObjectClean01' });
    expect(cloned.preview?.kind).toBe('mp3');
    cloneServer.sensitiveNext({ type: 2 });
    await expect(provider().clone({ ...request, voiceId: 'ObjectFlagged01' })).rejects.toMatchObject({ code: 'CONTENT_REJECTED', details: { type: 2 } });
    cloneServer.sensitiveNext(true);
    await expect(provider().clone({ ...request, voiceId: 'FlagFlagged01' })).rejects.toMatchObject({ code: 'CONTENT_REJECTED' });
    // Nothing was spoken with a rejected sample.
    expect(cloneServer.requests.filter((received) => received.path === '/v1/t2a_v2')).toHaveLength(1);
  });

  it('takes its own voice id, already cloned by an earlier attempt, as done (and previews it), not as taken', async () => {
    const request = { voiceId: 'RetriedJob0001', samples: [sample(11)], language: 'en-US', previewText: 'Hello again.', ownsVoiceId: true };
    await provider().clone(request);
    cloneServer.requests.length = 0;
    const again = await provider().clone(request);
    expect(again).toMatchObject({ voiceId: 'RetriedJob0001', preview: { kind: 'mp3' } });
    expect(cloneServer.requests.map((received) => received.path)).toEqual(['/v1/files/upload', '/v1/voice_clone', '/v1/t2a_v2']);
    await expect(provider().clone({ ...request, ownsVoiceId: false })).rejects.toMatchObject({ code: 'VOICE_ID_TAKEN' });
  });

  it('speaks the preview with the configured model, and reports a preview MiniMax refuses', async () => {
    await provider({ speechModel: 'speech-2.6-hd' }).clone({ voiceId: 'ModelVoice001', samples: [sample(11)], language: 'en-US', previewText: 'Hi.' });
    expect(cloneServer.requests.at(-1)?.body).toMatchObject({ model: 'speech-2.6-hd', voice_setting: { voice_id: 'ModelVoice001' } });
    cloneServer.failNextSpeech({ statusCode: 2056, statusMsg: 'usage limit exceeded' });
    await expect(provider().clone({ voiceId: 'LimitVoice001', samples: [sample(11)], language: 'en-US', previewText: 'Hi.' }))
      .rejects.toMatchObject({ code: 'PROVIDER_USAGE_LIMIT', details: { statusCode: 2056 } });
    // The fake, like MiniMax, knows no voice it did not clone.
    const unknown = await fetch(`${cloneServer.baseUrl}/v1/t2a_v2`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${cloneServer.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'speech-2.8-hd', text: 'Hi.', voice_setting: { voice_id: 'NeverCloned01' } }),
    });
    expect(await unknown.json()).toMatchObject({ base_resp: { status_code: 2054 } });
  });

  it('refuses invalid voice ids and out-of-range samples before calling MiniMax', async () => {
    for (const voiceId of ['short', '1StartsWithDigit', 'EndsWithDash-', 'has space inside']) {
      await expect(provider().clone({ voiceId, samples: [sample(11)], language: 'en-US' })).rejects.toMatchObject({ code: 'INVALID_VOICE_ID' });
    }
    await expect(provider().clone({ voiceId: 'ShortSample01', samples: [sample(6)], language: 'en-US' })).rejects.toMatchObject({ code: 'SAMPLE_TOO_SHORT' });
    expect(cloneServer.requests).toHaveLength(0);
  });

  it('the fake itself enforces the documented rules', async () => {
    const { mp3 } = await isolator.encode(syntheticVoice({ f0: 150, seconds: 5, sampleRate: RATE }), RATE, { formats: ['mp3'] });
    expect(parseMp3Frames(mp3 as Uint8Array).durationSeconds).toBeCloseTo(5, 0);
    const form = new FormData();
    form.append('purpose', 'voice_clone');
    form.append('file', new Blob([mp3 as Uint8Array], { type: 'audio/mpeg' }), 'short.mp3');
    const headers = { Authorization: `Bearer ${cloneServer.apiKey}` };
    const upload = (await (await fetch(`${cloneServer.baseUrl}/v1/files/upload`, { method: 'POST', headers, body: form })).json()) as { file: { file_id: number } };
    const clone = await fetch(`${cloneServer.baseUrl}/v1/voice_clone`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_id: upload.file.file_id, voice_id: 'FiveSeconds01' }),
    });
    expect(await clone.json()).toMatchObject({ base_resp: { status_code: 2037, status_msg: expect.stringContaining('below the documented minimum of 10 s') } });
    const wrongPurpose = new FormData();
    wrongPurpose.append('purpose', 'prompt_audio');
    wrongPurpose.append('file', new Blob([mp3 as Uint8Array]), 'x.mp3');
    const refused = await fetch(`${cloneServer.baseUrl}/v1/files/upload`, { method: 'POST', headers, body: wrongPurpose });
    expect(await refused.json()).toMatchObject({ base_resp: { status_code: 2013 } });
  });
});

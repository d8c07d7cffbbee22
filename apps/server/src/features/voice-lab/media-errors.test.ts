import { MediaError, VoiceCloneError } from '@sound-studio/audio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { errorOf, openTestDatabase, TestApp } from '../../../test/harness.ts';
import { mediaErrorToAppError, publicDetails } from './media-errors.ts';
import { postForm } from '../../../test/voice-lab.ts';

const DECODER_OUTPUT = 'file:/tmp/sound-studio-isolator-Xy12/upload: Invalid data found when processing input';

describe('mediaErrorToAppError', () => {
  it('keeps the code, the text and the numbers, and leaves decoder output and paths to the log', () => {
    const engineError = new MediaError('CORRUPT_MEDIA', 'The file looks like MATROSKA but could not be decoded', {
      container: 'matroska',
      decoderMessage: DECODER_OUTPUT,
      path: '/usr/bin/ffmpeg',
      signal: 'SIGSEGV',
      sizeBytes: 2048,
    });
    const appError = mediaErrorToAppError(engineError, 'take.mkv');
    expect(appError).toMatchObject({ code: 'VALIDATION_ERROR', message: '"take.mkv": The file looks like MATROSKA but could not be decoded' });
    expect(appError.details).toEqual({ reason: 'CORRUPT_MEDIA', container: 'matroska', fileName: 'take.mkv', sizeBytes: 2048 });
    expect(appError.cause).toBe(engineError);
  });

  it('says only that processing failed for an unknown error, and keeps it as the cause', () => {
    const internal = new Error("EACCES: permission denied, open '/var/lib/sound-studio/media/x.wav'");
    const appError = mediaErrorToAppError(internal);
    expect(appError).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Audio processing failed', details: { reason: 'INTERNAL_ERROR' } });
    expect(appError.cause).toBe(internal);
  });

  it('drops a provider error text from voice-clone details', () => {
    const appError = mediaErrorToAppError(new VoiceCloneError('PROVIDER_ERROR', 'MiniMax request failed: /srv/key', { httpStatus: 500, body: '/srv/key' }));
    expect(appError).toMatchObject({ message: 'Voice cloning failed', details: { reason: 'PROVIDER_ERROR', httpStatus: 500 } });
    expect(JSON.stringify(appError.details)).not.toContain('/srv');
  });

  it('refuses path-like text even in a public field', () => {
    expect(publicDetails({ container: 'file:/tmp/x', fileName: 'ok.wav', detected: 'C:\\temp\\x', ratio: Number.NaN })).toEqual({ fileName: 'ok.wav' });
  });
});

describe('a corrupt upload', () => {
  let database: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    database = await openTestDatabase();
    t = await TestApp.start({ database });
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('is refused by the isolator without any server path in the reply', async () => {
    const user = await t.register();
    const matroskaHeaderThenNothing = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4096, 3)]);
    const reply = await postForm(t, user, '/api/voice-isolator/jobs', [{ name: 'file', value: matroskaHeaderThenNothing, fileName: 'take.mkv' }]);
    expect(reply.statusCode).toBe(400);
    expect(errorOf(reply)).toMatchObject({ code: 'VALIDATION_ERROR', details: { reason: 'CORRUPT_MEDIA', container: 'matroska' } });
    expect(reply.text).not.toMatch(/\/tmp|file:|\/usr\/|sound-studio-isolator/);
  });
});

import { SpeechError, type SpeechErrorCode } from '@sound-studio/audio';
import { describe, expect, it } from 'vitest';
import { SPEECH_FAILED_MESSAGE, SPEECH_PROVIDER_MESSAGES, speechErrorToAppError } from './speech-errors.ts';

const appErrorFor = (code: SpeechErrorCode) => speechErrorToAppError(new SpeechError(code, `MiniMax error: account 42 wording`, { statusCode: 1 }));

describe('speechErrorToAppError for provider refusals', () => {
  it('puts refusals of the text or voice on the field at fault, in our words', () => {
    expect(appErrorFor('PROVIDER_REJECTED')).toMatchObject({ code: 'VALIDATION_ERROR', message: SPEECH_PROVIDER_MESSAGES.rejected, details: { fields: { text: [SPEECH_PROVIDER_MESSAGES.rejected] } } });
    expect(appErrorFor('TEXT_UNREADABLE')).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: { text: [SPEECH_PROVIDER_MESSAGES.unreadable] } } });
    expect(appErrorFor('PROVIDER_VOICE_UNAVAILABLE')).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: { voiceId: [SPEECH_PROVIDER_MESSAGES.voiceUnavailable] } } });
  });

  it('says a usage limit is one, and keeps the operator’s configuration problems to a reason code', () => {
    expect(appErrorFor('PROVIDER_USAGE_LIMIT')).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: SPEECH_PROVIDER_MESSAGES.usageLimit, details: { reason: 'PROVIDER_USAGE_LIMIT' } });
    const invalid = appErrorFor('PROVIDER_INVALID_REQUEST');
    expect(invalid).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: SPEECH_FAILED_MESSAGE, details: { reason: 'PROVIDER_INVALID_REQUEST' } });
    expect(JSON.stringify(invalid.details)).not.toContain('account 42');
  });
});

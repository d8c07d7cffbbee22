import { describe, expect, it } from 'vitest';
import { FILE_FAILURE_MESSAGES, matchFileFailureTemplate } from '@sound-studio/shared';
import { VoiceCloneError } from './errors.ts';
import { CLONE_SAMPLE_RULES, validateCloneDurations, validateCloneUploads } from './validation.ts';

const MB = 1024 * 1024;

function messageOf(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function codeOf(run: () => void): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof VoiceCloneError ? error.code : 'not a VoiceCloneError';
  }
}

describe('clone sample validation', () => {
  it('follows the spec: 1 to 10 samples, each at most 20 MB and 10 to 60 seconds', () => {
    expect(CLONE_SAMPLE_RULES).toEqual({ minCount: 1, maxCount: 10, maxBytes: 20 * MB, minSeconds: 10, maxSeconds: 60 });
  });

  it('checks the number of files and their size before decoding', () => {
    expect(codeOf(() => validateCloneUploads([]))).toBe('NO_SAMPLES');
    expect(codeOf(() => validateCloneUploads(Array.from({ length: 11 }, () => ({ sizeBytes: MB }))))).toBe('TOO_MANY_SAMPLES');
    expect(codeOf(() => validateCloneUploads(Array.from({ length: 10 }, () => ({ sizeBytes: 20 * MB }))))).toBeUndefined();
    expect(codeOf(() => validateCloneUploads([{ sizeBytes: MB }, { name: 'interview.m4a', sizeBytes: 20 * MB + 1 }]))).toBe('SAMPLE_TOO_LARGE');
  });

  it('words its count refusals as the web app translates them', () => {
    expect(messageOf(() => validateCloneUploads([]))).toBe(FILE_FAILURE_MESSAGES.cloneSamplesRequired);
    const tooMany = messageOf(() => validateCloneUploads(Array.from({ length: 12 }, () => ({ sizeBytes: MB })))) ?? '';
    expect(matchFileFailureTemplate(tooMany)).toEqual({ key: 'cloneTooManySamplesGiven', values: { maxCount: '10', count: '12' } });
  });

  it('checks decoded durations and names the offending sample', () => {
    expect(codeOf(() => validateCloneDurations([{ durationSeconds: 10 }, { durationSeconds: 60 }]))).toBeUndefined();
    expect(codeOf(() => validateCloneDurations([{ durationSeconds: 9.9 }]))).toBe('SAMPLE_TOO_SHORT');
    expect(codeOf(() => validateCloneDurations([{ durationSeconds: 61 }]))).toBe('SAMPLE_TOO_LONG');
    const tooShort = () => validateCloneDurations([{ durationSeconds: 30 }, { name: 'hello.wav', durationSeconds: 4.2 }]);
    expect(tooShort).toThrow('"hello.wav" is 4.2 s long; samples need at least 10 s');
    expect(tooShort).toThrow(expect.objectContaining({ code: 'SAMPLE_TOO_SHORT', details: { index: 1, durationSeconds: 4.2, minSeconds: 10 } }));
  });
});

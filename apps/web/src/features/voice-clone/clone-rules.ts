import { UPLOAD_LIMITS, type VoiceCloneJob } from '@sound-studio/shared';

export const CLONE_POLL_MS = 1500;
export const CLONE_ACCEPT = 'audio/*,.mp3,.wav,.m4a,.webm,.ogg,.flac';
const AUDIO_EXTENSIONS = /\.(mp3|wav|m4a|aac|webm|ogg|oga|opus|flac)$/i;

export type SampleProblem = 'type' | 'size' | 'tooShort' | 'tooLong' | 'unreadable';

/** Some systems send audio without a MIME type; the extension decides then. */
export function isAudioFile(file: { name: string; type: string }): boolean {
  return file.type.startsWith('audio/') || file.type === 'video/webm' || (file.type === '' && AUDIO_EXTENSIONS.test(file.name));
}

/** Section 5: each clone sample is audio, at most 20 MB, 10 to 60 seconds. Type and size are known before decoding. */
export function sampleFileProblem(file: { name: string; type: string; size: number }): SampleProblem | null {
  if (!isAudioFile(file)) return 'type';
  if (file.size > UPLOAD_LIMITS.cloneFileBytes) return 'size';
  return null;
}

export function sampleDurationProblem(durationSeconds: number | null): SampleProblem | null {
  if (durationSeconds === null) return 'unreadable';
  // Half a second of slack: containers round their length, and the server has the final word.
  if (durationSeconds < UPLOAD_LIMITS.cloneSampleMinSeconds - 0.5) return 'tooShort';
  if (durationSeconds > UPLOAD_LIMITS.cloneSampleMaxSeconds + 0.5) return 'tooLong';
  return null;
}

/** How many of `incoming` still fit under the cap of 10. */
export function roomForSamples(current: number): number {
  return Math.max(0, UPLOAD_LIMITS.cloneSamplesMax - current);
}

export function isCloneJobFinished(job: Pick<VoiceCloneJob, 'status'>): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

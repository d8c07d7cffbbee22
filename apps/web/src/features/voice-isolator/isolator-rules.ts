import { DEFAULT_CREDIT_RATES, UPLOAD_LIMITS, type IsolatorJob } from '@sound-studio/shared';

export const ISOLATOR_ACCEPT = 'audio/*,video/*';
export const ISOLATOR_POLL_MS = 1500;

export type IsolatorFileProblem = 'type' | 'size' | 'duration';

/** The client-side half of section 5's isolator limits; the server checks again after decoding. */
export function isolatorFileProblem(file: { type: string; size: number }, durationSeconds: number | null): IsolatorFileProblem | null {
  if (!file.type.startsWith('audio/') && !file.type.startsWith('video/')) return 'type';
  if (file.size > UPLOAD_LIMITS.isolatorFileBytes) return 'size';
  if (durationSeconds !== null && durationSeconds > UPLOAD_LIMITS.isolatorMaxSeconds) return 'duration';
  return null;
}

/** 100 credits per started minute (FAQ rate). */
export function isolatorCredits(durationSeconds: number, perMinute: number = DEFAULT_CREDIT_RATES.voiceIsolator.perMinute): number {
  return Math.max(1, Math.ceil(durationSeconds / 60)) * perMinute;
}

export function isJobFinished(job: Pick<IsolatorJob, 'status'>): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

/** A signed media link that downloads as `name` (the media route's ?download= parameter). */
export function downloadUrl(url: string, name: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=${encodeURIComponent(name)}`;
}

/** "interview.mov" -> "interview-isolated.wav". */
export function resultFileName(fileName: string, extension: 'mp3' | 'wav'): string {
  const stem = fileName.replace(/\.[^.]+$/, '') || 'audio';
  return `${stem}-isolated.${extension}`;
}

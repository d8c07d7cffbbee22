import { z } from 'zod';

/** One spoken word: where it sits in the request's original text and when it is heard, in seconds. */
export const wordTimingSchema = z.object({
  text: z.string(),
  /** Offsets into the original input text (end exclusive). */
  textStart: z.number().int().min(0),
  textEnd: z.number().int().min(0),
  start: z.number().min(0),
  end: z.number().min(0),
});
export type WordTiming = z.infer<typeof wordTimingSchema>;

/** What is stored beside a generation's audio so captions can be rendered later. */
export const speechTimingsSchema = z.object({
  text: z.string(),
  durationSeconds: z.number().min(0),
  words: z.array(wordTimingSchema),
});
export type SpeechTimings = z.infer<typeof speechTimingsSchema>;

/** ElevenLabs' `alignment` object: one entry per character of the input text. */
export interface CharacterAlignment {
  characters: string[];
  character_start_times_seconds: number[];
  character_end_times_seconds: number[];
}

export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

export const CAPTION_FORMATS = ['srt', 'vtt'] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];

/** Readable subtitle lines: at most this many characters and seconds per cue. */
const MAX_CUE_CHARACTERS = 84;
const MAX_CUE_SECONDS = 6;

/** Groups words into cues, breaking after sentence ends, long cues and long silences. */
export function buildCues(words: readonly WordTiming[], text: string): CaptionCue[] {
  const cues: CaptionCue[] = [];
  let current: WordTiming[] = [];
  const flush = (): void => {
    const first = current[0];
    const last = current.at(-1);
    if (first && last) {
      const cueText = text.slice(first.textStart, last.textEnd).replace(/\s+/g, ' ').trim();
      cues.push({ start: first.start, end: last.end, text: cueText });
    }
    current = [];
  };
  for (const word of words) {
    const first = current[0];
    const previous = current.at(-1);
    if (first && previous) {
      const length = word.textEnd - first.textStart;
      const tooLong = length > MAX_CUE_CHARACTERS || word.end - first.start > MAX_CUE_SECONDS;
      const sentenceEnded = /[.!?…。！？]["'”’»)\]]*$/u.test(previous.text);
      if (tooLong || sentenceEnded || word.start - previous.end > 1) flush();
    }
    current.push(word);
  }
  flush();
  return cues;
}

export function toSrt(cues: readonly CaptionCue[]): string {
  return cues
    .map((cue, index) => `${index + 1}\n${timestamp(cue.start, ',')} --> ${timestamp(cue.end, ',')}\n${cue.text}\n`)
    .join('\n');
}

export function toVtt(cues: readonly CaptionCue[]): string {
  const body = cues.map((cue) => `${timestamp(cue.start, '.')} --> ${timestamp(cue.end, '.')}\n${escapeVtt(cue.text)}\n`);
  return ['WEBVTT\n', ...body].join('\n');
}

export function renderCaptions(timings: SpeechTimings, format: CaptionFormat): string {
  const cues = buildCues(timings.words, timings.text);
  return format === 'srt' ? toSrt(cues) : toVtt(cues);
}

/** HH:MM:SS,mmm (SRT) or HH:MM:SS.mmm (VTT). */
function timestamp(seconds: number, separator: ',' | '.'): string {
  const totalMs = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(totalMs / 3_600_000);
  const minutes = Math.floor(totalMs / 60_000) % 60;
  const secs = Math.floor(totalMs / 1000) % 60;
  const ms = totalMs % 1000;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(secs, 2)}${separator}${pad(ms, 3)}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** A cue's text must not contain `-->` or raw markup characters in WebVTT. */
function escapeVtt(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Per-character times in ElevenLabs' shape. A word's duration is shared evenly by its characters; characters between
 * words (spaces, punctuation, pause markers) span the gap from the previous word's end to the next word's start.
 */
export function characterAlignment(timings: SpeechTimings): CharacterAlignment {
  const characters = [...timings.text];
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  let wordIndex = 0;
  let previousEnd = 0;
  for (const character of characters) {
    while (wordIndex < timings.words.length && (timings.words[wordIndex]?.textEnd ?? 0) <= offset) {
      previousEnd = timings.words[wordIndex]?.end ?? previousEnd;
      wordIndex++;
    }
    const word = timings.words[wordIndex];
    if (word && offset >= word.textStart) {
      const span = (word.end - word.start) / Math.max(1, word.textEnd - word.textStart);
      starts.push(round3(word.start + span * (offset - word.textStart)));
      ends.push(round3(word.start + span * (offset - word.textStart + character.length)));
    } else {
      const nextStart = word?.start ?? timings.durationSeconds;
      starts.push(round3(previousEnd));
      ends.push(round3(Math.max(previousEnd, nextStart)));
    }
    offset += character.length;
  }
  return { characters, character_start_times_seconds: starts, character_end_times_seconds: ends };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Pause markers follow MiniMax's syntax: `<#0.5#>` inserts half a second of silence. */
export const PAUSE_MIN_SECONDS = 0.01;
export const PAUSE_MAX_SECONDS = 10;

export type TextPart = { kind: 'text'; text: string } | { kind: 'pause'; seconds: number };

const PAUSE_MARKER = /<#\s*(\d+(?:\.\d+)?)\s*#>/g;
/** Pause markers (and the whitespace between them) that follow one another; used to skip them when locating text. */
export const PAUSE_MARKER_RUN = /(?:\s*<#\s*\d+(?:\.\d+)?\s*#>)+/y;

/** Splits text at pause markers; out-of-range pauses are clamped to 0.01–10 s, adjacent pauses merge. */
export function splitAtPauseMarkers(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let cursor = 0;
  for (const match of text.matchAll(PAUSE_MARKER)) {
    pushText(parts, text.slice(cursor, match.index));
    pushPause(parts, clampPause(Number(match[1])));
    cursor = match.index + match[0].length;
  }
  pushText(parts, text.slice(cursor));
  return parts;
}

export function clampPause(seconds: number): number {
  return Math.min(PAUSE_MAX_SECONDS, Math.max(PAUSE_MIN_SECONDS, seconds));
}

function pushText(parts: TextPart[], text: string): void {
  if (text.trim() !== '') parts.push({ kind: 'text', text });
}

function pushPause(parts: TextPart[], seconds: number): void {
  const previous = parts.at(-1);
  if (previous?.kind === 'pause') previous.seconds = Math.min(PAUSE_MAX_SECONDS, previous.seconds + seconds);
  else parts.push({ kind: 'pause', seconds });
}

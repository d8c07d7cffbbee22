/** Section 3's Playing item. `streaming` marks a live MediaSource link (no waveform, no download until stored). */
export interface PlayingItem {
  /** Identifies the item (likes, "is this the one playing"). */
  name: string;
  audioUrl: string;
  displayName: string;
  artworkUrl?: string;
  streaming?: boolean;
}

/** Next in the playlist, wrapping from the last to the first. */
export function nextIndex(index: number, length: number): number {
  if (length <= 0) return -1;
  return (index + 1) % length;
}

/** Previous in the playlist, wrapping from the first to the last. */
export function previousIndex(index: number, length: number): number {
  if (length <= 0) return -1;
  return (index - 1 + length) % length;
}

/** At track end the player stops and rewinds; with more than one item it goes on to the next. */
export function indexAfterEnd(index: number, length: number): number | null {
  return length > 1 ? nextIndex(index, length) : null;
}

/** The download's file name: the display name (without characters file systems reject) plus .mp3. */
export function downloadFileName(displayName: string): string {
  const printable = [...displayName].filter((character) => character >= ' ').join('');
  const safe = printable.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim();
  return `${safe || 'audio'}.mp3`;
}

/** Seconds as m:ss (or h:mm:ss for long documents). */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

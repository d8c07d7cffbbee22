/** What a paste leaves in a text limited to `limit` characters: the paste is cut, never the text around it. */
export interface LimitedPaste {
  text: string;
  /** Where the caret goes: after the part of the paste that was kept. */
  caret: number;
  /** Characters of the paste that did not fit. */
  dropped: number;
}

/** The text after pasting `pasted` over the selection [start, end), cut to `limit`; null when it all fits. */
export function limitPaste(current: string, pasted: string, selection: { start: number; end: number }, limit: number): LimitedPaste | null {
  const before = current.slice(0, selection.start);
  const after = current.slice(selection.end);
  const room = Math.max(0, limit - before.length - after.length);
  if (pasted.length <= room) return null;
  const kept = pasted.slice(0, room);
  return { text: before + kept + after, caret: before.length + kept.length, dropped: pasted.length - kept.length };
}

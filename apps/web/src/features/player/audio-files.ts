import { saveFile } from '../../lib/save-file.ts';
import { downloadFileName } from './player-rules.ts';

/**
 * Saves audio under "display name.mp3". Fetching a blob first makes the name stick for signed and cross-path links,
 * where a plain `download` attribute is ignored.
 */
export async function downloadAudio(audioUrl: string, displayName: string): Promise<void> {
  const response = await fetch(audioUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  saveFile(await response.blob(), downloadFileName(displayName));
}

/** An absolute link for sharing (signed links are relative to the app). */
export function absoluteUrl(audioUrl: string): string {
  return new URL(audioUrl, window.location.origin).href;
}

/** Native share when the device has it; otherwise the link goes to the clipboard. Returns what happened. */
export async function shareAudio(audioUrl: string, title: string): Promise<'shared' | 'copied' | 'cancelled'> {
  const url = absoluteUrl(audioUrl);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  await navigator.clipboard.writeText(url);
  return 'copied';
}

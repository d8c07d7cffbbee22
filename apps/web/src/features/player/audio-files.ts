import { downloadFileName } from './player-rules.ts';

/**
 * Saves audio under "display name.mp3". Fetching a blob first makes the name stick for signed and cross-path links,
 * where a plain `download` attribute is ignored.
 */
export async function downloadAudio(audioUrl: string, displayName: string): Promise<void> {
  const response = await fetch(audioUrl, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = downloadFileName(displayName);
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the link dies.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
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

/**
 * A media file's length in seconds, read by the browser from its header (an <audio> element does not decode the
 * whole file, so a 500 MB video costs nothing). Null when the browser cannot read it; the server checks again.
 */
export function measureMediaDuration(file: Blob, timeoutMs = 10_000): Promise<number | null> {
  if (typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const media = document.createElement(file.type.startsWith('video/') ? 'video' : 'audio');
    const finish = (seconds: number | null) => {
      clearTimeout(timer);
      media.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    media.preload = 'metadata';
    media.onloadedmetadata = () => {
      // Recorded WebM reports Infinity until it is seeked to the end once.
      if (Number.isFinite(media.duration)) return finish(media.duration);
      media.ontimeupdate = () => finish(Number.isFinite(media.duration) ? media.duration : null);
      media.currentTime = Number.MAX_SAFE_INTEGER;
    };
    media.onerror = () => finish(null);
    media.src = url;
  });
}

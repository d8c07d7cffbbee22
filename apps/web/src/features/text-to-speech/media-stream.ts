/** MSE carries MP3 in Chromium, Edge and Safari; elsewhere the whole file is awaited instead. */
export function canStreamMp3(): boolean {
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('audio/mpeg');
}

function appendChunk(buffer: SourceBuffer, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      buffer.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      buffer.removeEventListener('updateend', done);
      reject(new Error('append failed'));
    };
    buffer.addEventListener('updateend', done, { once: true });
    buffer.addEventListener('error', failed, { once: true });
    buffer.appendBuffer(chunk as Uint8Array<ArrayBuffer>);
  });
}

/**
 * Feeds a streamed MP3 reply into a MediaSource the audio element plays, so the first sentence sounds while the rest
 * is still being rendered. Resolves when the stream ended (or the player let go of the source).
 */
export async function pipeToMediaSource(source: MediaSource, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  try {
    if (source.readyState !== 'open') await new Promise((resolve) => source.addEventListener('sourceopen', resolve, { once: true }));
    const buffer = source.addSourceBuffer('audio/mpeg');
    // Each sentence is its own MP3: lay them end to end whatever their own timestamps say.
    buffer.mode = 'sequence';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (source.readyState !== 'open') return;
      await appendChunk(buffer, value);
    }
    if (source.readyState === 'open') source.endOfStream();
  } finally {
    reader.releaseLock();
  }
}

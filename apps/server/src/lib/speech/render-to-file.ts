import type { SpeakOptions, SpeechEngine, SpeechRequest } from '@sound-studio/audio';
import type { FileStore, StoredFileInfo } from '../file-store/file-store.ts';
import { mp3Pieces } from './mp3-pieces.ts';
import type { TimingsRecorder } from './timings.ts';

export interface RenderedFile {
  info: StoredFileInfo;
  durationSeconds: number;
}

/** Synthesises a request sentence by sentence into one MP3 file under `key` (nothing is left behind on failure). */
export async function renderSpeechToFile(
  engine: SpeechEngine,
  request: SpeechRequest,
  files: FileStore,
  key: string,
  options: SpeakOptions & { timings?: TimingsRecorder } = {},
): Promise<RenderedFile> {
  const { timings, ...speakOptions } = options;
  const chunks = engine.speakStream(request, { audio: 'mp3', ...speakOptions });
  const writer = await files.openWriter(key);
  let durationSeconds = 0;
  try {
    for await (const piece of mp3Pieces(timings ? timings.observe(chunks) : chunks)) {
      await writer.write(piece.bytes);
      if (piece.completes) durationSeconds += piece.completes.durationSeconds;
    }
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return { info: await writer.commit(), durationSeconds };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { makeGeneration } from '../../../test/fixtures.ts';
import { renderInStudio } from '../../../test/studio.tsx';
import { TextToSpeechPage } from '../components/TextToSpeechPage.tsx';
import { STREAM_MIN_CHARACTERS } from './use-generate-speech.ts';

class FakeSourceBuffer extends EventTarget {
  mode = 'segments';
  readonly appended: Uint8Array[] = [];
  appendBuffer(chunk: Uint8Array) {
    this.appended.push(chunk);
    setTimeout(() => this.dispatchEvent(new Event('updateend')));
  }
}

/** MediaSource as Chromium runs it: opens once the audio element takes its URL, then takes MP3 appends. */
class FakeMediaSource extends EventTarget {
  static readonly instances: FakeMediaSource[] = [];
  static isTypeSupported(type: string) {
    return type === 'audio/mpeg';
  }
  readyState: 'closed' | 'open' | 'ended' = 'closed';
  readonly buffers: FakeSourceBuffer[] = [];
  constructor() {
    super();
    FakeMediaSource.instances.push(this);
    setTimeout(() => {
      this.readyState = 'open';
      this.dispatchEvent(new Event('sourceopen'));
    });
  }
  addSourceBuffer() {
    const buffer = new FakeSourceBuffer();
    this.buffers.push(buffer);
    return buffer;
  }
  endOfStream() {
    this.readyState = 'ended';
  }
}

function mp3Stream(chunks: number[][]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      controller.close();
    },
  });
}

describe('streamed generation', () => {
  beforeEach(async () => {
    await setupI18n('en');
    FakeMediaSource.instances.length = 0;
    vi.stubGlobal('MediaSource', FakeMediaSource);
    URL.createObjectURL = vi.fn(() => 'blob:live-stream');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('plays a long text from the stream as it arrives, then switches to the stored file', async () => {
    const text = 'A sentence that keeps the stream going. '.repeat(Math.ceil(STREAM_MIN_CHARACTERS / 40));
    const stored = makeGeneration('g7', { text, audioUrl: '/api/media/g7.mp3?sig=z' });
    const { audio, calls } = renderInStudio(<TextToSpeechPage />, {
      path: '/text-to-speech',
      routes: {
        'POST /voices/generate-tts/stream': () => new Response(mp3Stream([[1, 2], [3], [4, 5, 6]]), { headers: { 'Content-Type': 'audio/mpeg', 'X-Generation-Id': 'g7' } }),
        'GET /credits/summary': () => errorReply(500, 'INTERNAL_ERROR', 'x'),
      },
      queryRoutes: { 'GET /tts/history': () => okReply({ items: [stored], page: 1, limit: 10, total: 1 }) },
    });
    await screen.findByTestId('voice-card');
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: text } });
    await userEvent.setup().click(screen.getByTestId('tts-create'));
    await waitFor(() => expect(FakeMediaSource.instances).toHaveLength(1));
    const source = FakeMediaSource.instances[0]!;
    await waitFor(() => expect(source.readyState).toBe('ended'));
    expect(source.buffers[0]?.mode).toBe('sequence');
    expect(source.buffers[0]?.appended.map((chunk) => [...chunk])).toEqual([[1, 2], [3], [4, 5, 6]]);
    expect(calls.some((call) => call.path === '/voices/generate-tts')).toBe(false);
    // Stored: the player swaps the live stream for the signed file (seeking, waveform, download).
    await waitFor(() => expect(audio.getAttribute('src')).toBe('/api/media/g7.mp3?sig=z'));
    expect(await screen.findByTestId('tts-download')).toBeInTheDocument();
  });

  it('short texts come back whole from POST /voices/generate-tts', async () => {
    const { calls } = renderInStudio(<TextToSpeechPage />, {
      path: '/text-to-speech',
      routes: {
        'POST /voices/generate-tts': () => okReply({ audioUrl: '/api/media/g1.mp3', generation: makeGeneration('g1'), credits: 5 }),
        'GET /credits/summary': () => errorReply(500, 'INTERNAL_ERROR', 'x'),
      },
    });
    await screen.findByTestId('voice-card');
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Short.' } });
    await userEvent.setup().click(screen.getByTestId('tts-create'));
    await screen.findByTestId('tts-download');
    expect(FakeMediaSource.instances).toHaveLength(0);
    expect(calls.some((call) => call.path === '/voices/generate-tts/stream')).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_LIMITS, type IsolatorJob } from '@sound-studio/shared';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { renderInStudio } from '../../../test/studio.tsx';
import { downloadUrl, isolatorCredits, isolatorFileProblem, resultFileName } from '../isolator-rules.ts';
import { VoiceIsolatorPage } from './VoiceIsolatorPage.tsx';

const durations = new Map<string, number | null>();
vi.mock('../../../lib/audio-duration.ts', () => ({ measureMediaDuration: (file: File) => Promise.resolve(durations.get(file.name) ?? 42) }));

function job(overrides: Partial<IsolatorJob> = {}): IsolatorJob {
  return {
    id: 'job-1',
    status: 'queued',
    progress: 0,
    fileName: 'interview.wav',
    durationSeconds: 42,
    credits: 100,
    resultUrl: null,
    resultWavUrl: null,
    originalUrl: null,
    error: null,
    createdAt: '2026-11-21T20:00:00.000Z',
    ...overrides,
  };
}

const COMPLETED = job({
  status: 'completed',
  progress: 1,
  resultUrl: '/api/media/isolator/job-1.mp3?sig=a',
  resultWavUrl: '/api/media/isolator/job-1.wav?sig=b',
  originalUrl: '/api/media/isolator/job-1-original.mp3?sig=c',
});

function pick(file: File) {
  fireEvent.change(screen.getByTestId('isolator-file-input'), { target: { files: [file] } });
}

describe('isolator rules', () => {
  it('takes audio or video up to 500 MB and 300 seconds; 100 credits per started minute', () => {
    expect(isolatorFileProblem({ type: 'video/mp4', size: 10 }, 100)).toBeNull();
    expect(isolatorFileProblem({ type: 'text/plain', size: 10 }, null)).toBe('type');
    expect(isolatorFileProblem({ type: 'audio/wav', size: UPLOAD_LIMITS.isolatorFileBytes + 1 }, 10)).toBe('size');
    expect(isolatorFileProblem({ type: 'audio/wav', size: 10 }, 301)).toBe('duration');
    expect(isolatorCredits(42)).toBe(100);
    expect(isolatorCredits(61)).toBe(200);
    expect(resultFileName('talk.final.mov', 'wav')).toBe('talk.final-isolated.wav');
    expect(downloadUrl('/a.mp3?sig=1', 'x y.mp3')).toBe('/a.mp3?sig=1&download=x%20y.mp3');
  });
});

describe('VoiceIsolatorPage', () => {
  beforeEach(async () => {
    await setupI18n('en');
    durations.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a wrong type, an oversized or too long file before uploading', async () => {
    const { calls } = renderInStudio(<VoiceIsolatorPage />, { routes: { 'GET /voice-isolator/jobs': () => okReply({ items: [] }) } });
    expect(await screen.findByText('No isolations yet')).toBeInTheDocument();
    pick(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByTestId('isolator-error')).toHaveTextContent('Choose an audio or video file.');
    const huge = new File(['x'], 'huge.wav', { type: 'audio/wav' });
    Object.defineProperty(huge, 'size', { value: UPLOAD_LIMITS.isolatorFileBytes + 1 });
    pick(huge);
    await waitFor(() => expect(screen.getByTestId('isolator-error')).toHaveTextContent('The file is larger than 500 MB.'));
    durations.set('long.mp4', 301);
    pick(new File(['x'], 'long.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(screen.getByTestId('isolator-error')).toHaveTextContent('The file is longer than 5 minutes.'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows the server's reason for a refused file", async () => {
    renderInStudio(<VoiceIsolatorPage />, {
      routes: {
        'GET /voice-isolator/jobs': () => okReply({ items: [] }),
        'POST /voice-isolator/jobs': () => errorReply(415, 'UNSUPPORTED_MEDIA', 'This file has no audio track'),
      },
    });
    pick(new File(['x'], 'silent.mp4', { type: 'video/mp4' }));
    expect(await screen.findByTestId('isolator-error')).toHaveTextContent('This file has no audio track');
  });

  it('uploads, polls the job with its progress, then compares before and after with an A/B toggle and downloads', async () => {
    const replies = [job({ status: 'processing', progress: 0.4 }), COMPLETED];
    const { fetchMock } = renderInStudio(<VoiceIsolatorPage />, {
      routes: {
        'GET /voice-isolator/jobs': () => okReply({ items: [] }),
        'POST /voice-isolator/jobs': () => okReply(job(), 201),
        'GET /voice-isolator/jobs/job-1': () => okReply(replies.shift() ?? COMPLETED),
      },
    });
    pick(new File(['RIFF'], 'interview.wav', { type: 'audio/wav' }));
    expect(await screen.findByTestId('isolator-progress')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('isolator-progress')).toHaveAttribute('aria-valuenow', '40'), { timeout: 4000 });
    await waitFor(() => expect(screen.getByTestId('isolator-job')).toHaveAttribute('data-status', 'completed'), { timeout: 4000 });
    const form = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/voice-isolator/jobs' && init?.method === 'POST')?.[1]?.body as FormData;
    expect((form.get('file') as File).name).toBe('interview.wav');

    expect(screen.getByTestId('download-mp3')).toHaveAttribute('href', '/api/media/isolator/job-1.mp3?sig=a&download=interview-isolated.mp3');
    expect(screen.getByTestId('download-wav')).toHaveAttribute('href', '/api/media/isolator/job-1.wav?sig=b&download=interview-isolated.wav');

    const before = screen.getByTestId<HTMLAudioElement>('audio-before');
    const after = screen.getByTestId<HTMLAudioElement>('audio-after');
    const played: string[] = [];
    for (const [name, element] of [['before', before], ['after', after]] as const) {
      Object.defineProperty(element, 'paused', { configurable: true, get: () => !played.includes(name) || played.at(-1) !== name });
      element.play = vi.fn(async () => void played.push(name));
      element.pause = vi.fn();
    }
    const user = userEvent.setup();
    expect(screen.getByTestId('ab-after')).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByTestId('ab-play'));
    expect(played).toEqual(['after']);
    after.currentTime = 12.5;
    await user.click(screen.getByTestId('ab-before'));
    expect(after.pause).toHaveBeenCalled();
    expect(before.currentTime).toBe(12.5);
    expect(played).toEqual(['after', 'before']);
    expect(screen.getByTestId('wave-before')).toHaveAttribute('data-active', 'true');
  });

  it('lists earlier isolations and reopens one', async () => {
    renderInStudio(<VoiceIsolatorPage />, {
      routes: {
        'GET /voice-isolator/jobs': () => okReply({ items: [COMPLETED, job({ id: 'job-2', fileName: 'street.mp4', status: 'failed', error: 'Decoding failed', credits: 0 })] }),
        'GET /voice-isolator/jobs/job-1': () => okReply(COMPLETED),
      },
    });
    const items = await screen.findAllByTestId('isolator-history-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('interview.wav');
    expect(items[0]).toHaveTextContent('0:42');
    expect(items[0]).toHaveTextContent('100 credits');
    expect(within(items[1]!).getByText('Failed')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open interview.wav' }));
    expect(await screen.findByTestId('ab-compare')).toBeInTheDocument();
  });

  it("shows a failed job's reason in Turkish", async () => {
    await setupI18n('tr');
    const failed = job({ id: 'job-2', fileName: 'street.mp4', status: 'failed', error: 'Audio processing failed', credits: 0 });
    renderInStudio(<VoiceIsolatorPage />, {
      routes: { 'GET /voice-isolator/jobs': () => okReply({ items: [failed] }), 'GET /voice-isolator/jobs/job-2': () => okReply(failed) },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'street.mp4 dosyasını aç' }));
    expect(await screen.findByTestId('isolator-job')).toHaveTextContent('Ses işlenemedi');
  });
});

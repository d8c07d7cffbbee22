import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPLOAD_LIMITS, type CustomVoiceReply, type VoiceCloneJob } from '@sound-studio/shared';
import { makeVoice } from '../../../test/fixtures.ts';
import { errorReply, okReply, setupI18n } from '../../../test/render.tsx';
import { renderInStudio } from '../../../test/studio.tsx';
import { sampleDurationProblem, sampleFileProblem } from '../clone-rules.ts';
import { VoiceClonePage } from './VoiceClonePage.tsx';

/** Lengths by file name: the browser's metadata reading is not available in happy-dom. */
const durations = new Map<string, number | null>();
vi.mock('../../../lib/audio-duration.ts', () => ({ measureMediaDuration: (file: File) => Promise.resolve(durations.has(file.name) ? durations.get(file.name)! : 20) }));

const clone = makeVoice('custom-clone', 'My narration', { category: 'custom' });
const MATCH = { provider: 'local', samplePitchHz: 182.4, matchedPitchHz: 176.9, sampleRate: 4.12, matchedRate: 4.05 } as const;
const RESULT: CustomVoiceReply = { voice: clone, slots: { used: 1, total: 3 }, match: MATCH };

function cloneJob(overrides: Partial<VoiceCloneJob> = {}): VoiceCloneJob {
  return {
    id: 'clone-job-1',
    status: 'queued',
    progress: 0,
    name: 'My narration',
    sampleCount: 2,
    credits: 2000,
    result: null,
    error: null,
    createdAt: '2026-11-21T20:00:00.000Z',
    ...overrides,
  };
}

const COMPLETED = cloneJob({ status: 'completed', progress: 1, result: RESULT });

function pick(files: File[]) {
  fireEvent.change(screen.getByTestId('clone-file-input'), { target: { files } });
}

function audio(name: string, type = 'audio/wav'): File {
  return new File(['RIFF'], name, { type });
}

describe('clone rules', () => {
  it('checks type and size first, then 10 to 60 seconds', () => {
    expect(sampleFileProblem({ name: 'a.wav', type: 'audio/wav', size: 10 })).toBeNull();
    expect(sampleFileProblem({ name: 'a.m4a', type: '', size: 10 })).toBeNull();
    expect(sampleFileProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBe('type');
    expect(sampleFileProblem({ name: 'a.wav', type: 'audio/wav', size: UPLOAD_LIMITS.cloneFileBytes + 1 })).toBe('size');
    expect(sampleDurationProblem(9)).toBe('tooShort');
    expect(sampleDurationProblem(10)).toBeNull();
    expect(sampleDurationProblem(60)).toBeNull();
    expect(sampleDurationProblem(61)).toBe('tooLong');
    expect(sampleDurationProblem(null)).toBe('unreadable');
  });
});

describe('VoiceClonePage', () => {
  beforeEach(async () => {
    await setupI18n('en');
    durations.clear();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:sample', revokeObjectURL: () => {} }));
  });
  afterEach(() => vi.unstubAllGlobals());

  const routes = { 'GET /voices/mine': () => okReply({ voices: [], slots: { used: 0, total: 3 } }) };

  it("counts samples 'n / 10' and explains each refused file", async () => {
    renderInStudio(<VoiceClonePage />, { routes });
    expect(screen.getByTestId('sample-count')).toHaveTextContent('Uploaded samples 0 / 10');
    const huge = audio('huge.wav');
    Object.defineProperty(huge, 'size', { value: UPLOAD_LIMITS.cloneFileBytes + 1 });
    durations.set('short.wav', 4);
    durations.set('long.wav', 75);
    durations.set('broken.wav', null);
    pick([audio('good.wav'), new File(['x'], 'photo.png', { type: 'image/png' }), huge, audio('short.wav'), audio('long.wav'), audio('broken.wav')]);
    const problems = await screen.findByTestId('sample-problems');
    expect(problems).toHaveTextContent('photo.png is not an audio file.');
    expect(problems).toHaveTextContent('huge.wav is larger than 20 MB.');
    expect(problems).toHaveTextContent('short.wav is 4 seconds long; a sample needs at least 10 seconds.');
    expect(problems).toHaveTextContent('long.wav is 75 seconds long; a sample can be at most 60 seconds.');
    expect(problems).toHaveTextContent('broken.wav could not be read as audio.');
    expect(screen.getByTestId('sample-count')).toHaveTextContent('Uploaded samples 1 / 10');
    expect(screen.getByTestId('sample-item')).toHaveTextContent('good.wav');
    expect(screen.getByTestId('sample-item')).toHaveTextContent('0:20');
    pick(Array.from({ length: 10 }, (_, index) => audio(`more-${index}.wav`)));
    expect(await screen.findByText('You can add up to 10 samples.')).toBeInTheDocument();
    expect(screen.getByTestId('sample-count')).toHaveTextContent('Uploaded samples 10 / 10');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove good.wav' }));
    expect(screen.getByTestId('sample-count')).toHaveTextContent('Uploaded samples 9 / 10');
  });

  it('needs a sample, a name and the consent before anything is sent; the cost shows before Create', async () => {
    const { calls } = renderInStudio(<VoiceClonePage />, { routes });
    expect(screen.getByTestId('clone-cost')).toHaveTextContent('Creating a clone costs 2,000 credits and uses one voice slot.');
    await userEvent.setup().click(screen.getByTestId('clone-create'));
    expect(screen.getByText('Add at least one sample')).toBeInTheDocument();
    expect(screen.getByText('Please enter a voice name')).toBeInTheDocument();
    expect(screen.getByText('Please confirm you have the right to use this voice')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/voice-clone/voices')).toBe(false);
  });

  it("sends the fields and samples, follows the job's progress, then shows the voice with an honest local match note", async () => {
    const replies = [cloneJob({ status: 'processing', progress: 0.4 }), COMPLETED];
    const { fetchMock } = renderInStudio(<VoiceClonePage />, {
      routes: {
        ...routes,
        'POST /voice-clone/voices': () => okReply(cloneJob(), 201),
        'GET /voice-clone/jobs/clone-job-1': () => okReply(replies.shift() ?? COMPLETED),
      },
    });
    const user = userEvent.setup();
    pick([audio('take-1.wav'), audio('take-2.webm', 'audio/webm')]);
    await screen.findAllByTestId('sample-item');
    await user.click(screen.getByLabelText('Optimise for accent'));
    await user.type(screen.getByLabelText('Voice name'), 'My narration');
    await user.click(screen.getByLabelText(/I confirm that this is my voice/));
    await user.click(screen.getByTestId('clone-create'));
    expect(await screen.findByTestId('clone-progress')).toBeInTheDocument();
    expect(screen.getByTestId('clone-job')).toHaveTextContent('2 samples');
    expect(screen.getByTestId('clone-form')).not.toBeVisible();
    await waitFor(() => expect(screen.getByTestId('clone-progress')).toHaveAttribute('aria-valuenow', '40'), { timeout: 4000 });
    expect(screen.getByText('Analysing the samples and building the voice…')).toBeInTheDocument();
    expect(await screen.findByTestId('custom-voice-result', {}, { timeout: 4000 })).toHaveTextContent('My narration');
    expect(screen.queryByTestId('clone-progress')).not.toBeInTheDocument();
    const form = fetchMock.mock.calls.find(([url]) => String(url) === '/api/voice-clone/voices')?.[1]?.body as FormData;
    expect(form.get('name')).toBe('My narration');
    expect(form.get('removeNoise')).toBe('true');
    expect(form.get('optimizeAccent')).toBe('true');
    expect(form.get('previewLanguage')).toBe('en');
    expect(form.get('consent')).toBe('true');
    expect(form.get('previewText')).toBe('Every voice tells a story. Here is how mine sounds when I read a few lines for you.');
    expect(form.getAll('samples').map((file) => (file as File).name)).toEqual(['take-1.wav', 'take-2.webm']);
    const note = screen.getByTestId('clone-match');
    expect(note).toHaveTextContent('A local approximation');
    expect(note).toHaveTextContent("not the speaker's timbre");
    expect(note).toHaveTextContent('Pitch: samples 182 Hz, voice 177 Hz');
    expect(note).toHaveTextContent('Speaking rate: samples 4.12, voice 4.05');
    expect(screen.getByTestId('use-in-tts')).toHaveAttribute('href', '/text-to-speech?voiceId=custom-clone');
  });

  it('names the cloud provider when it made the clone, and reports a full set of slots', async () => {
    let reply = () => errorReply(409, 'CONFLICT', 'No voice slots left');
    const minimax = cloneJob({ status: 'completed', progress: 1, result: { ...RESULT, match: { ...MATCH, provider: 'minimax' } } });
    renderInStudio(<VoiceClonePage />, {
      routes: { ...routes, 'POST /voice-clone/voices': () => reply(), 'GET /voice-clone/jobs/clone-job-1': () => okReply(minimax) },
    });
    const user = userEvent.setup();
    pick([audio('take.wav')]);
    await screen.findByTestId('sample-item');
    await user.type(screen.getByLabelText('Voice name'), 'Cloud');
    await user.click(screen.getByLabelText(/I confirm that this is my voice/));
    await user.click(screen.getByTestId('clone-create'));
    expect(await screen.findByTestId('no-slots')).toBeInTheDocument();
    reply = () => okReply(cloneJob(), 201);
    await user.click(screen.getByTestId('clone-create'));
    await waitFor(() => expect(screen.getByTestId('clone-match')).toHaveTextContent('cloned from your samples by the cloud provider'), { timeout: 4000 });
  });

  it('shows why a clone failed, says nothing was charged and keeps the form filled in to send again', async () => {
    const failed = cloneJob({ status: 'failed', error: 'No voiced speech was found in the samples', credits: 0 });
    let posts = 0;
    const { calls } = renderInStudio(<VoiceClonePage />, {
      routes: {
        ...routes,
        'POST /voice-clone/voices': () => okReply(cloneJob({ id: `clone-job-${(posts += 1)}` }), 201),
        'GET /voice-clone/jobs/clone-job-1': () => okReply(failed),
        'GET /voice-clone/jobs/clone-job-2': () => okReply({ ...COMPLETED, id: 'clone-job-2' }),
      },
    });
    const user = userEvent.setup();
    pick([audio('room-tone.wav')]);
    await screen.findByTestId('sample-item');
    await user.type(screen.getByLabelText('Voice name'), 'My narration');
    await user.click(screen.getByLabelText(/I confirm that this is my voice/));
    await user.click(screen.getByTestId('clone-create'));
    expect(await screen.findByTestId('clone-job-error', {}, { timeout: 4000 })).toHaveTextContent('No voiced speech was found in the samples');
    expect(screen.getByTestId('clone-job')).toHaveTextContent('No credits were charged');
    expect(screen.getByTestId('clone-form')).toBeVisible();
    expect(screen.getByTestId('sample-item')).toHaveTextContent('room-tone.wav');
    expect(screen.getByLabelText('Voice name')).toHaveValue('My narration');

    await user.click(screen.getByTestId('clone-create'));
    expect(await screen.findByTestId('custom-voice-result', {}, { timeout: 4000 })).toHaveTextContent('My narration');
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/voice-clone/voices')).toHaveLength(2);
  });
});

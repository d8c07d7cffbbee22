import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { TtsJob } from '@sound-studio/shared';
import { okReply, setupI18n } from '../../../test/render.tsx';
import { renderInStudio } from '../../../test/studio.tsx';
import { JobProgress } from './JobProgress.tsx';

const QUEUED: TtsJob = { id: 'j1', status: 'queued', progress: 0, characters: 12_000, audioUrl: null, generationId: null, error: null, createdAt: '2026-11-21T10:00:00.000Z' };

describe('JobProgress', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('polls the job, shows its progress, and plays the file once it completes', async () => {
    const replies: TtsJob[] = [
      { ...QUEUED, status: 'processing', progress: 0.5 },
      { ...QUEUED, status: 'completed', progress: 1, audioUrl: '/api/media/j1.mp3?sig=1', generationId: 'g9' },
    ];
    const { audio, calls } = renderInStudio(<JobProgress job={QUEUED} fileName="book.pdf" />, {
      routes: { 'GET /tts/jobs/j1': () => okReply(replies.length > 1 ? replies.shift() : replies[0]) },
    });
    expect(screen.getByTestId('job-progress')).toHaveTextContent('book.pdf');
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
    await waitFor(() => expect(screen.getByTestId('job-progress')).toHaveAttribute('data-status', 'completed'), { timeout: 5000 });
    await waitFor(() => expect(audio.getAttribute('src')).toBe('/api/media/j1.mp3?sig=1'));
    const polls = calls.filter((call) => call.path === '/tts/jobs/j1').length;
    await new Promise((resolve) => setTimeout(resolve, 1800));
    // Finished jobs are not polled any more.
    expect(calls.filter((call) => call.path === '/tts/jobs/j1')).toHaveLength(polls);
  });

  it("shows a failed job's error", async () => {
    renderInStudio(<JobProgress job={{ ...QUEUED, status: 'failed', error: 'The speech engine stopped' }} fileName="book.pdf" />);
    expect(await screen.findByText('The speech engine stopped')).toBeInTheDocument();
    expect(screen.getByTestId('job-progress')).toHaveAttribute('data-status', 'failed');
  });
});

import { describe, expect, it } from 'vitest';
import { FastMusicEngine } from './fast-music-engine.ts';

describe('FastMusicEngine (API tests)', () => {
  it("returns the composer's plan, lyrics timeline, MIDI and cover with an MP3 of the local engine's bitrate and length", async () => {
    const engine = new FastMusicEngine();
    const result = await engine.generate({ prompt: 'Chill lo-fi beat with soft piano', durationSeconds: 30, seed: 7, lyrics: '[Verse]\nSoft rain on the window' });
    expect(result).toMatchObject({ provider: 'local', seed: 7, durationSeconds: 30 });
    expect(result.plan.bpm).toBeGreaterThan(0);
    expect(result.lyricsTimeline?.lines.map((line) => line.text)).toContain('Soft rain on the window');
    expect(result.artworkSvg).toContain('<svg');
    expect(result.midi?.length).toBeGreaterThan(0);
    // 192 kbps for 30 s is 720,000 bytes, give or take a frame.
    expect(Math.abs(result.mp3.length - 720_000)).toBeLessThan(2_000);
    expect(engine.requests).toHaveLength(1);
  });

  it('stops with ABORTED when the signal aborts mid-encode', async () => {
    const controller = new AbortController();
    const generating = new FastMusicEngine().generate({
      prompt: 'Epic orchestral',
      durationSeconds: 240,
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.stage === 'render' && progress.fraction > 0.01) controller.abort();
      },
    });
    await expect(generating).rejects.toMatchObject({ code: 'ABORTED' });
  });
});

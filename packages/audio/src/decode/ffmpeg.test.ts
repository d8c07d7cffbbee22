import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFfmpeg, resolveFfmpeg } from './ffmpeg.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'ffmpeg-resolve-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A stand-in `ffmpeg` in a folder of its own: answers -version like ffmpeg does, or fails like a broken install. */
function fakeFfmpeg(name: string, works: boolean): string {
  const dir = path.join(folder, name);
  mkdirSync(dir);
  const script = works ? '#!/bin/sh\necho "ffmpeg version 99.0-fake Copyright"\n' : '#!/bin/sh\nexit 127\n';
  writeFileSync(path.join(dir, 'ffmpeg'), script);
  chmodSync(path.join(dir, 'ffmpeg'), 0o755);
  return dir;
}

describe('choosing the ffmpeg that decodes uploads', () => {
  const broken = fakeFfmpeg('broken', false);
  const working = fakeFfmpeg('working', true);

  it('takes the first working ffmpeg on PATH over the npm-shipped 2018 build', () => {
    const found = findFfmpeg([broken, working].join(path.delimiter));
    expect(found).toEqual({ path: path.join(working, 'ffmpeg'), source: 'system', version: '99.0-fake' });
  });

  it('honours FFMPEG_PATH', () => {
    const saved = { own: process.env.SOUND_STUDIO_FFMPEG, common: process.env.FFMPEG_PATH };
    delete process.env.SOUND_STUDIO_FFMPEG;
    process.env.FFMPEG_PATH = path.join(working, 'ffmpeg');
    try {
      expect(resolveFfmpeg()).toEqual({ path: path.join(working, 'ffmpeg'), source: 'configured', version: '99.0-fake' });
    } finally {
      if (saved.own === undefined) delete process.env.SOUND_STUDIO_FFMPEG;
      else process.env.SOUND_STUDIO_FFMPEG = saved.own;
      if (saved.common === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = saved.common;
    }
  });
});

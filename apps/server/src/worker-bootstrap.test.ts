import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.ts';
import { AuthRepository } from './features/auth/repository.ts';
import { LONG_FORM_JOB_TYPE } from './features/tts/long-form.ts';
import { MUSIC_JOB_TYPE } from './features/music/service.ts';
import { VOICE_CLONE_JOB_TYPE } from './features/voice-clone/clone-job.ts';
import { ISOLATOR_JOB_TYPE } from './features/voice-isolator/isolator-job.ts';
import type { JobRecord } from './jobs/types.ts';
import { startWorker, type RunningWorker } from './worker-bootstrap.ts';

// Loading any of these means the worker builds (part of) the HTTP app: the import of the bootstrap fails then.
vi.mock('fastify', () => {
  throw new Error('the worker loaded fastify');
});
vi.mock('@fastify/multipart', () => {
  throw new Error('the worker loaded an HTTP plugin (@fastify/multipart)');
});
vi.mock('./app.ts', () => {
  throw new Error('the worker loaded app.ts');
});

describe('npm run worker bootstrap', () => {
  // Not the test harness: it builds the HTTP app. An embedded database and the in-process queue stand in for
  // PostgreSQL and Redis; the handlers and the bootstrap are the same.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'sound-studio-worker-'));
  let worker: RunningWorker | undefined;

  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: folder,
      JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
      FEATURED_CATALOGUE: 'off',
    });
    worker = await startWorker(config);
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs every feature job type without the HTTP app', async () => {
    const { db, clock, jobs } = running().services;
    const userId = await new AuthRepository(db).insertUser(
      { name: 'Worker Test', email: 'worker-test@example.com', passwordHash: 'not-a-real-hash' },
      new Date(clock.now()),
    );
    const types = [LONG_FORM_JOB_TYPE, MUSIC_JOB_TYPE, ISOLATOR_JOB_TYPE, VOICE_CLONE_JOB_TYPE];
    // An empty payload fails every handler's check: a job that fails was claimed by a registered handler (a job
    // type nobody registered stays queued).
    const enqueued = await Promise.all(types.map((type) => jobs.enqueue(type, userId, {})));
    const finished = await Promise.all(enqueued.map((job) => settled(job.id)));
    expect(finished.map((job) => [job.type, job.status])).toEqual(types.map((type) => [type, 'failed']));
  }, 60_000);

  function running(): RunningWorker {
    if (!worker) throw new Error('the worker did not start');
    return worker;
  }

  async function settled(jobId: string): Promise<JobRecord> {
    const finished = new Promise<JobRecord>((resolve) => {
      running().services.jobs.onUpdate((job) => {
        if (job.id === jobId && (job.status === 'failed' || job.status === 'completed')) resolve(job);
      });
    });
    return finished;
  }
});

import { describe, expect, it } from 'vitest';
import { oneAhead } from './one-ahead.ts';

/** A stream that records when it starts and whether it was aborted, and yields its items one tick apart. */
function recordedStream(name: string, items: string[], log: string[], fail = false) {
  return async function* stream(signal: AbortSignal): AsyncGenerator<string> {
    log.push(`start ${name}`);
    signal.addEventListener('abort', () => log.push(`abort ${name}`));
    for (const item of items) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (signal.aborted) return;
      yield item;
    }
    if (fail) throw new Error(`${name} failed`);
    log.push(`end ${name}`);
  };
}

async function readAll(streams: AsyncIterable<AsyncIterable<string>>, log: string[]): Promise<string[]> {
  const items: string[] = [];
  for await (const stream of streams) {
    log.push('next');
    for await (const item of stream) items.push(item);
  }
  return items;
}

describe('oneAhead', () => {
  it('hands the streams out in order, each started while the one before it is read', async () => {
    const log: string[] = [];
    const streams = [recordedStream('a', ['a1', 'a2', 'a3'], log), recordedStream('b', ['b1', 'b2'], log), recordedStream('c', ['c1'], log)];
    expect(await readAll(oneAhead(streams), log)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'c1']);
    // b starts with a, before a is read; c when b is handed out. Nothing is aborted.
    expect(log.slice(0, 3)).toEqual(['start a', 'start b', 'next']);
    expect(log.indexOf('start c')).toBeGreaterThan(log.indexOf('end a'));
    expect(log.filter((entry) => entry.startsWith('abort'))).toEqual([]);
  });

  it('aborts the stream started ahead when the reader stops early', async () => {
    const log: string[] = [];
    const streams = [recordedStream('a', ['a1', 'a2'], log), recordedStream('b', ['b1', 'b2', 'b3', 'b4'], log)];
    for await (const stream of oneAhead(streams)) {
      for await (const item of stream) if (item === 'a1') break;
      break;
    }
    expect(log).toContain('abort b');
  });

  it('passes a failure on and aborts the stream started ahead', async () => {
    const log: string[] = [];
    const streams = [recordedStream('a', ['a1'], log, true), recordedStream('b', ['b1', 'b2', 'b3'], log)];
    await expect(readAll(oneAhead(streams), log)).rejects.toThrow('a failed');
    expect(log).toContain('abort b');
  });

  it('aborts every running stream when the outer signal aborts', async () => {
    const log: string[] = [];
    const controller = new AbortController();
    const streams = [recordedStream('a', ['a1', 'a2', 'a3'], log), recordedStream('b', ['b1'], log)];
    const items: string[] = [];
    for await (const stream of oneAhead(streams, controller.signal)) {
      for await (const item of stream) {
        items.push(item);
        controller.abort();
      }
    }
    expect(items).toEqual(['a1']);
    expect(log).toEqual(expect.arrayContaining(['abort a', 'abort b']));
  });
});

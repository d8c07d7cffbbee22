/**
 * The streams in order, each started when the one before it is handed out, so the engine's threads go from one piece
 * of a long text to the next without draining in between. Read each stream to its end before asking for the next.
 * What a stream delivers before it is read is buffered (at most one stream's worth). Each stream gets its own abort
 * signal, linked to `signal`, and is aborted when the reader stops early or a stream fails.
 */
export async function* oneAhead<T>(
  streams: ReadonlyArray<(signal: AbortSignal) => AsyncIterable<T>>,
  signal?: AbortSignal,
): AsyncGenerator<AsyncIterable<T>> {
  const started: Array<Buffered<T>> = [];
  const start = (index: number): void => {
    const open = streams[index];
    if (open && !started[index]) started[index] = new Buffered(open, signal);
  };
  try {
    for (let index = 0; index < streams.length; index++) {
      start(index);
      start(index + 1);
      yield (started[index] as Buffered<T>).drain();
    }
  } finally {
    for (const stream of started) stream?.stop();
  }
}

class Buffered<T> {
  readonly #items: T[] = [];
  readonly #controller = new AbortController();
  #finished = false;
  #failure: { error: unknown } | null = null;
  #wake: (() => void) | null = null;
  readonly #unlink: () => void;

  constructor(open: (signal: AbortSignal) => AsyncIterable<T>, outer: AbortSignal | undefined) {
    const abort = () => this.#controller.abort(outer?.reason);
    if (outer?.aborted) abort();
    outer?.addEventListener('abort', abort, { once: true });
    this.#unlink = () => outer?.removeEventListener('abort', abort);
    void this.#pump(open);
  }

  async *drain(): AsyncGenerator<T> {
    for (;;) {
      if (this.#items.length > 0) {
        yield this.#items.shift() as T;
        continue;
      }
      if (this.#failure) throw this.#failure.error;
      if (this.#finished) return;
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }

  stop(): void {
    if (!this.#finished) this.#controller.abort(new Error('The reader stopped'));
    this.#unlink();
  }

  async #pump(open: (signal: AbortSignal) => AsyncIterable<T>): Promise<void> {
    try {
      for await (const item of open(this.#controller.signal)) {
        this.#items.push(item);
        this.#notify();
      }
    } catch (error) {
      this.#failure = { error };
    } finally {
      this.#finished = true;
      this.#unlink();
      this.#notify();
    }
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }
}

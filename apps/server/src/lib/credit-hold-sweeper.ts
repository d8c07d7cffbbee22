import type { Database } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { CreditHoldRepository, type RequestHoldScope } from './credit-hold-repository.ts';
import type { CreditService } from './credit-service.ts';

/** Holds looked at per batch, and batches per round at most (the next round takes the rest). */
const BATCH_SIZE = 200;
const MAX_BATCHES = 25;
/** A request hold this process has renewed for this long is taken for forgotten and left to lapse. */
const MAX_REQUEST_MS = 6 * 60 * 60 * 1000;

/** Given job ids of held holds, returns those whose work will still settle them (e.g. unfinished music tracks). */
export type LiveOwnerCheck = (jobIds: string[]) => Promise<Iterable<string>>;

export interface SweepResult {
  released: string[];
}

export interface HoldSweeperLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Releases credit holds nobody will settle: a process killed during a request (its lease is never renewed again),
 * a crash between a hold and its job's row, or a job that ended without settling. A held hold is abandoned when:
 * - its expiry passed (for a request: its lease, renewed every round while the request runs), or the round's scope
 *   is 'all' and it belongs to a request this process is not working on; and
 * - it is no request of this process, no job row with its id is queued or processing, and no registered check (music
 *   tracks) says its work is still under way.
 * Work that finished was settled in the transaction that kept its result, so no history row is needed to tell.
 * Each release is one transaction that locks the hold and checks again, so it races neither a settle nor a renewal.
 */
export class CreditHoldSweeper {
  readonly #liveOwnerChecks: LiveOwnerCheck[] = [];
  #timer: NodeJS.Timeout | null = null;
  #round: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: { db: Database; clock: Clock; credits: CreditService; log: HoldSweeperLog },
  ) {}

  /** A feature whose holds are settled by something besides a job row (music: the track) says which are live. */
  keepHeldWhile(check: LiveOwnerCheck): void {
    this.#liveOwnerChecks.push(check);
  }

  /** One round: renew this process's live request leases, then release what is abandoned. */
  async runRound(scope: RequestHoldScope = 'lapsed'): Promise<SweepResult> {
    const round = this.#round.then(async () => {
      const { credits, clock } = this.deps;
      await credits.renewLeases(credits.liveRequestHolds.renewable(clock.now(), MAX_REQUEST_MS));
      return this.sweep(scope);
    });
    this.#round = round.catch(() => undefined);
    return round;
  }

  /** Releases the abandoned holds (see the class comment), oldest first. */
  async sweep(scope: RequestHoldScope = 'lapsed'): Promise<SweepResult> {
    const released: string[] = [];
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const candidates = await this.#candidates(scope);
      const before = released.length;
      for (const id of candidates) {
        if (await this.#releaseIfAbandoned(id, scope)) released.push(id);
      }
      if (candidates.length < BATCH_SIZE || released.length === before) break;
    }
    if (released.length > 0) this.deps.log.info({ count: released.length, scope }, 'released abandoned credit holds');
    return { released };
  }

  /** Sweeps now (`startUpScope`) and then every `intervalMs` until stop(). A failed round is logged, never thrown. */
  async start(intervalMs: number, startUpScope: RequestHoldScope): Promise<void> {
    const round = (scope: RequestHoldScope) =>
      this.runRound(scope).catch((error: unknown) => this.deps.log.error({ err: error }, 'credit hold sweep failed'));
    this.#timer = setInterval(() => void round('lapsed'), intervalMs);
    this.#timer.unref();
    await round(startUpScope);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#round;
  }

  async #candidates(scope: RequestHoldScope): Promise<string[]> {
    const rows = await new CreditHoldRepository(this.deps.db).abandonedHolds(scope, this.#now(), BATCH_SIZE);
    const live = this.deps.credits.liveRequestHolds;
    const ownedByLiveWork = await this.#liveOwners(rows.flatMap((row) => (row.jobId ? [row.jobId] : [])));
    return rows
      .filter((row) => !live.has(row.id) && !(row.jobId && ownedByLiveWork.has(row.jobId)))
      .map((row) => row.id);
  }

  async #liveOwners(jobIds: string[]): Promise<Set<string>> {
    const live = new Set<string>();
    if (jobIds.length === 0) return live;
    for (const check of this.#liveOwnerChecks) for (const id of await check(jobIds)) live.add(id);
    return live;
  }

  async #releaseIfAbandoned(id: string, scope: RequestHoldScope): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const locked = await new CreditHoldRepository(tx).lockIfAbandoned(id, scope, this.#now());
      if (!locked || this.deps.credits.liveRequestHolds.has(id)) return false;
      const outcome = await this.deps.credits.within(tx).release(id);
      return outcome.status === 'released';
    });
  }

  #now(): Date {
    return new Date(this.deps.clock.now());
  }
}

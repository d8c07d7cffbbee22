import type { Database } from '../../db/client.ts';
import type { FileDeletionReason } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import type { FileStore } from './file-store.ts';
import { PendingFileDeletionRepository, type ClaimedDeletion, type RetryBackoff } from './pending-file-deletion-repository.ts';

/**
 * How long a reservation may stay unconfirmed before its object counts as abandoned: longer than any write (a long
 * document's speech, a slow upload) takes, so a sweeper never deletes what a live writer is still producing.
 */
export const WRITE_GRACE_MS = 60 * 60 * 1000;
/** Retries of a failed delete: 10 s, 20 s, 40 s ... at most an hour apart, for as long as the store stays away. */
export const DELETE_BACKOFF: RetryBackoff = { firstSeconds: 10, maxSeconds: 60 * 60 };
const BATCH_SIZE = 100;
const MAX_BATCHES = 20;

export interface FileDeletionLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface SweepOutcome {
  deleted: number;
  failed: number;
}

/** A reservation was swept (its write outlasted WRITE_GRACE_MS) or failed: its object must not be given a record. */
export class FileReservationLostError extends Error {
  override name = 'FileReservationLostError';
  constructor(keys: readonly string[]) {
    super(`The stored files ${keys.join(', ')} are no longer reserved for a record`);
  }
}

/**
 * Keeps the file store free of objects without a record, through the pending_file_deletions table:
 * - Writes: `reserve` the keys BEFORE writing, and `confirm` them in the transaction that inserts the owning record.
 *   A write whose record fails is `discard`ed; a process that dies between upload and insert leaves its reservation,
 *   which falls due after WRITE_GRACE_MS and is swept. So no object outlives a record that never came to be.
 * - Deletes: `deleteWithRecords` schedules the objects in the same transaction that deletes their records, then
 *   deletes them at once; an object the store cannot take now (it is down) is retried with backoff by the sweeper.
 * The sweeper runs on every node: at start-up and every FILE_DELETION_SWEEP_SECONDS (a minute); rows are claimed with SKIP LOCKED, each by one node.
 * Deleting an object that is already missing counts as done.
 */
export class FileDeletions {
  #timer: NodeJS.Timeout | null = null;
  #round: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: { db: Database; files: FileStore; clock: Clock; log: FileDeletionLog }) {}

  /** Before writing objects a record will own: until `confirm`, they are due for deletion once the grace is over. */
  async reserve(keys: readonly string[]): Promise<void> {
    await this.#repository().reserve(keys, new Date(this.#now() + WRITE_GRACE_MS));
  }

  /**
   * Inside the transaction that inserts the owning record: the objects now belong to it. Throws (rolling the record
   * back) when a reservation is gone: a sweeper took it, so the object is or will be deleted.
   */
  async confirm(tx: Database, keys: readonly string[]): Promise<void> {
    const confirmed = new Set(await new PendingFileDeletionRepository(tx).confirm(keys));
    const lost = keys.filter((key) => !confirmed.has(key));
    if (lost.length > 0) throw new FileReservationLostError(lost);
  }

  /**
   * The objects now belong to a queued job (its row was inserted by the queue, outside any transaction of ours). A
   * reservation already gone means the job has run and dealt with them, so nothing is thrown for it.
   */
  async handOver(keys: readonly string[]): Promise<void> {
    await this.#repository().confirm(keys);
  }

  /**
   * The objects' record failed or no longer needs them (a replaced cover): deletes them now, or leaves them to the
   * sweeper when the store cannot take it. Never throws: callers clean up while handling another error.
   */
  async discard(keys: readonly string[], reason: Exclude<FileDeletionReason, 'write'> = 'record-failed'): Promise<void> {
    try {
      await this.#repository().schedule(keys, reason, new Date(this.#now()), { overrideReservations: true });
      await this.#deleteClaimed(await this.#claim(keys));
    } catch (error) {
      this.deps.log.warn({ err: error, keys }, 'could not schedule stored files for deletion');
    }
  }

  /**
   * Deletes records and their objects: `deleteRecords` runs in a transaction and returns the keys of what it deleted;
   * they are scheduled in the same transaction (so a crash cannot forget them), then deleted after it commits. A
   * store that is down does not fail the call: the records are gone and the sweeper retries the objects.
   */
  async deleteWithRecords<T>(deleteRecords: (tx: Database) => Promise<{ result: T; fileKeys: readonly string[] }>): Promise<T> {
    const { result, fileKeys } = await this.deps.db.transaction(async (tx) => {
      const deleted = await deleteRecords(tx);
      // A key still reserved by a live writer (an unfinished track's job) stays its writer's: it discards it.
      await new PendingFileDeletionRepository(tx).schedule(deleted.fileKeys, 'record-deleted', new Date(this.#now()), { overrideReservations: false });
      return deleted;
    });
    await this.#deleteClaimed(await this.#claim(fileKeys)).catch((error: unknown) =>
      this.deps.log.warn({ err: error, keys: fileKeys }, 'stored files left to the deletion sweeper'),
    );
    return result;
  }

  /** Deletes every due object (abandoned reservations, failed deletes whose backoff is over), oldest first. */
  async sweep(): Promise<SweepOutcome> {
    const round = this.#round.then(() => this.#sweepBatches());
    this.#round = round.catch(() => undefined);
    return round;
  }

  /** Sweeps now and then every `intervalMs` (FILE_DELETION_SWEEP_SECONDS) until stop(); a failed round is logged, never thrown. */
  async start(intervalMs: number): Promise<void> {
    const round = () => this.sweep().catch((error: unknown) => this.deps.log.warn({ err: error }, 'stored file deletion sweep failed'));
    this.#timer = setInterval(() => void round(), intervalMs);
    this.#timer.unref();
    await round();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#round;
  }

  async #sweepBatches(): Promise<SweepOutcome> {
    const total: SweepOutcome = { deleted: 0, failed: 0 };
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const claimed = await this.#claim();
      const outcome = await this.#deleteClaimed(claimed);
      total.deleted += outcome.deleted;
      total.failed += outcome.failed;
      if (claimed.length < BATCH_SIZE) break;
    }
    if (total.deleted > 0 || total.failed > 0) this.deps.log.info({ ...total }, 'swept stored files due for deletion');
    return total;
  }

  #claim(keys?: readonly string[]): Promise<ClaimedDeletion[]> {
    return this.#repository().claimDue(new Date(this.#now()), BATCH_SIZE, DELETE_BACKOFF, keys);
  }

  async #deleteClaimed(claimed: readonly ClaimedDeletion[]): Promise<SweepOutcome> {
    const outcome: SweepOutcome = { deleted: 0, failed: 0 };
    for (const claim of claimed) {
      try {
        await this.deps.files.delete(claim.key);
      } catch (error) {
        outcome.failed += 1;
        await this.#repository().noteFailure(claim, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
        continue;
      }
      await this.#repository().finish(claim);
      outcome.deleted += 1;
    }
    return outcome;
  }

  #repository(): PendingFileDeletionRepository {
    return new PendingFileDeletionRepository(this.deps.db);
  }

  #now(): number {
    return this.deps.clock.now();
  }
}

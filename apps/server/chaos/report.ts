import { writeFileSync } from 'node:fs';

/** The suite's outcome: named checks (pass or fail with a reason) and the figures printed at the end. */
export class Report {
  readonly #checks: Array<{ name: string; passed: boolean; detail: string }> = [];
  readonly #figures = new Map<string, string | number>();

  check(name: string, passed: boolean, detail = ''): void {
    this.#checks.push({ name, passed, detail });
    console.log(`${passed ? '  ok  ' : '  FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
  }

  /** A section that could not run at all counts as one failed check. */
  crashed(section: string, error: unknown): void {
    this.check(`${section} ran to the end`, false, error instanceof Error ? error.message : String(error));
  }

  figure(name: string, value: string | number): void {
    this.#figures.set(name, value);
  }

  get failed(): number {
    return this.#checks.filter((check) => !check.passed).length;
  }

  print(): void {
    console.log('\n=== Figures');
    for (const [name, value] of this.#figures) console.log(`  ${name}: ${value}`);
    const failures = this.#checks.filter((check) => !check.passed);
    if (failures.length > 0) {
      console.log('\n=== Failed checks');
      for (const check of failures) console.log(`  ${check.name}${check.detail ? `: ${check.detail}` : ''}`);
    }
    console.log(`\n${this.#checks.length - failures.length} passed, ${failures.length} failed`);
    // `npm test -- --chaos` adds these counts to its own closing line.
    const reportFile = process.env.CHAOS_JSON_REPORT;
    if (reportFile) writeFileSync(reportFile, JSON.stringify({ passed: this.#checks.length - failures.length, failed: failures.length }));
  }
}

/** Deterministic pseudo-random numbers (mulberry32), so every run sends the same requests in the same order. */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = Math.floor(this.next() * (index + 1));
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  }
}

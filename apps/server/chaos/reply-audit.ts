import { isErrorEnvelope, jsonOf, type RawReply } from './http.ts';

/**
 * Markers of internal paths. `file:/` rather than `file:` so prose such as "Unsupported file: ..." is not a leak,
 * while `file:///tmp/...` URLs (the decoder's messages) are.
 */
const FIXED_LEAK_MARKERS = ['/tmp/', '/work', 'node_modules', 'file:/'];
const TEXT_TYPES = /^(application\/(json|problem\+json)|text\/)/;
const EXAMPLES_KEPT = 5;

export interface AuditFinding {
  request: string;
  status: number;
  excerpt: string;
}

/** Counts what every reply must respect: no 5xx, the error envelope on errors, no internal path in the body. */
export class ReplyAudit {
  requests = 0;
  serverErrors = 0;
  envelopeViolations = 0;
  pathLeaks = 0;
  transportErrors = 0;
  readonly examples = { serverErrors: [] as AuditFinding[], envelope: [] as AuditFinding[], leaks: [] as AuditFinding[], transport: [] as string[] };
  /** The slowest replies, to see where the time budget goes. */
  readonly slowest: Array<{ request: string; ms: number }> = [];
  readonly #leakMarkers: string[];

  constructor(internalPaths: string[]) {
    this.#leakMarkers = [...FIXED_LEAK_MARKERS, ...internalPaths.filter((value) => value.length > 1)];
  }

  record(label: string, reply: RawReply): void {
    this.requests += 1;
    const text = this.#textOf(reply);
    const finding = { request: label, status: reply.status, excerpt: text.slice(0, 160) };
    this.#noteDuration(label, reply.elapsedMs);
    if (reply.status >= 500) {
      this.serverErrors += 1;
      keep(this.examples.serverErrors, finding);
    }
    if (reply.status >= 400 && !isErrorEnvelope(jsonOf(reply))) {
      this.envelopeViolations += 1;
      keep(this.examples.envelope, finding);
    }
    const marker = this.#leakMarkers.find((candidate) => text.includes(candidate));
    if (marker) {
      this.pathLeaks += 1;
      keep(this.examples.leaks, { ...finding, excerpt: around(text, marker) });
    }
  }

  /** The server closed the connection or did not answer in time. */
  recordTransportError(label: string, error: unknown): void {
    this.requests += 1;
    this.transportErrors += 1;
    if (this.examples.transport.length < EXAMPLES_KEPT) this.examples.transport.push(`${label}: ${String(error)}`);
  }

  #noteDuration(label: string, ms: number): void {
    this.slowest.push({ request: label, ms });
    this.slowest.sort((a, b) => b.ms - a.ms);
    this.slowest.length = Math.min(this.slowest.length, EXAMPLES_KEPT);
  }

  #textOf(reply: RawReply): string {
    const type = String(reply.headers['content-type'] ?? '');
    // Audio and images are not text; an error without a content type is still read.
    if (type && !TEXT_TYPES.test(type)) return '';
    return reply.body.toString('utf8');
  }
}

function keep(list: AuditFinding[], finding: AuditFinding): void {
  if (list.length < EXAMPLES_KEPT) list.push(finding);
}

function around(text: string, marker: string): string {
  const index = text.indexOf(marker);
  return text.slice(Math.max(0, index - 80), index + marker.length + 80);
}

export function describeFindings(findings: AuditFinding[]): string {
  return findings.slice(0, 3).map((finding) => `\n      ${finding.request} -> ${finding.status} ${finding.excerpt}`).join('');
}

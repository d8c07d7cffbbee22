import http from 'node:http';

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Milliseconds from sending to the last byte. */
  elapsedMs: number;
}

export interface RawRequest {
  method?: string;
  /** Sent exactly as given (no URL normalisation), so `..` and broken escapes reach the server. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  timeoutMs?: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One HTTP request over node:http; rejects on network errors and when timeoutMs passes. */
export function request(baseUrl: string, options: RawRequest): Promise<RawReply> {
  const base = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        timeout: options.timeoutMs ?? 30_000,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks),
            elapsedMs: performance.now() - started,
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`timed out after ${options.timeoutMs ?? 30_000} ms`)));
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** The parsed JSON body, or null when the reply is not JSON. */
export function jsonOf(reply: RawReply): unknown {
  try {
    return JSON.parse(reply.body.toString('utf8'));
  } catch {
    return null;
  }
}

/** `data` of a success envelope; throws with the reply otherwise (set-up steps must succeed). */
export function dataOf<T>(reply: RawReply, what: string): T {
  const body = jsonOf(reply) as { success?: boolean; data?: T } | null;
  if (reply.status >= 300 || body?.success !== true) {
    throw new Error(`${what}: expected success, got ${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`);
  }
  return body.data as T;
}

export function isErrorEnvelope(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  return record.success === false && typeof record.error === 'string' && typeof record.code === 'string';
}

let boundaryCounter = 0;

/** A multipart/form-data body with string fields and one file part. */
export function multipartBody(
  fields: Record<string, string>,
  file: { name: string; fileName: string; contentType: string; bytes: Buffer } | null,
): { body: Buffer; contentType: string } {
  boundaryCounter += 1;
  const boundary = `----chaosBoundary${boundaryCounter}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

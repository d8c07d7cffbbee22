import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** The small HTTP plumbing the provider fakes share. */
export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return raw.toString('utf8');
  }
}

export function sendJson(response: ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(payload));
}

export function hasContentType(request: IncomingMessage, expected: string): boolean {
  return String(request.headers['content-type'] ?? '').startsWith(expected);
}

/**
 * Hosted APIs keep idle connections open for about a minute. Node's default of 5 s let a fake close a kept-alive socket
 * just as the client reused it, when the test process was too loaded to see the close in time: the adapter then saw
 * "fetch failed" on a request the fake never received (a flake, not a behaviour of the real services).
 */
export function keepAliveLikeHostedApi(server: Server): Server {
  server.keepAliveTimeout = 65_000;
  return server;
}

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Environment } from '../src/config.ts';

export const TEST_BUCKET = 'sound-studio-test';
const OBJECT_SUFFIX = '._S3rver_object';
const UPLOADS_FOLDER = '._S3rver_uploads';

/**
 * An S3-compatible server for tests: s3rver (objects on a temporary disk folder) behind an HTTP server of our own, so
 * a test can stop it mid-request and start it again on the same port with the same objects. s3rver lacks
 * ListMultipartUploads and AbortMultipartUpload; this adds both, in the shapes of S3's API reference, over the
 * folder where s3rver keeps unfinished multipart uploads.
 */
export class TestS3Server {
  #http: Server | null = null;
  #port = 0;

  private constructor(
    private readonly s3rver: S3rver,
    readonly directory: string,
    private readonly removeDirectory: () => void,
  ) {}

  static async start(): Promise<TestS3Server> {
    // Not the harness's helper: the cluster test starts this server outside Vitest.
    const folder = mkdtempSync(path.join(tmpdir(), 'sound-studio-s3-'));
    const remove = () => rmSync(folder, { recursive: true, force: true });
    const s3rver = new S3rver({ directory: folder, silent: true, configureBuckets: [{ name: TEST_BUCKET }] });
    await s3rver.configureBuckets();
    const server = new TestS3Server(s3rver, folder, remove);
    await server.resume();
    return server;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  /** What the app's configuration needs to use this server (s3rver's fixed credentials). */
  env(prefix = 'sound-studio/'): Environment {
    return {
      FILE_STORE: 's3',
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: this.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: prefix,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
  }

  /** Listens again on the same port (the first time on a free one), with every object kept. */
  async resume(): Promise<void> {
    const handle = this.s3rver.callback();
    const http = createServer((request, response) => this.#route(request, response, handle));
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (http.address() as AddressInfo).port;
    this.#http = http;
  }

  /** Goes away at once, open connections included (as a crashed or unreachable server would). */
  async stop(): Promise<void> {
    const http = this.#http;
    if (!http) return;
    this.#http = null;
    const closed = new Promise((resolve) => http.close(resolve));
    http.closeAllConnections();
    await closed;
  }

  async close(): Promise<void> {
    await this.stop();
    this.removeDirectory();
  }

  /** Keys of the complete objects in the bucket, sorted. */
  objectKeys(): string[] {
    const bucketDir = path.join(this.directory, TEST_BUCKET);
    return (readdirSync(bucketDir, { recursive: true }) as string[])
      .filter((name) => name.endsWith(OBJECT_SUFFIX))
      .map((name) => name.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/'))
      .sort();
  }

  /** The multipart uploads begun and neither completed nor aborted. */
  pendingUploads(): Array<{ key: string; uploadId: string; initiated: Date }> {
    const uploadsDir = path.join(this.directory, TEST_BUCKET, UPLOADS_FOLDER);
    const ids = (() => {
      try {
        return readdirSync(uploadsDir);
      } catch {
        return [];
      }
    })();
    return ids.map((uploadId) => ({
      uploadId,
      key: readFileSync(path.join(uploadsDir, uploadId, 'key'), 'utf8'),
      // s3rver writes the key file once, when the upload begins.
      initiated: statSync(path.join(uploadsDir, uploadId, 'key')).mtime,
    }));
  }

  #route(request: IncomingMessage, response: ServerResponse, handle: (request: IncomingMessage, response: ServerResponse) => void): void {
    const url = new URL(request.url ?? '/', this.endpoint);
    if (request.method === 'GET' && url.searchParams.has('uploads')) return this.#listUploads(url, response);
    if (request.method === 'DELETE' && url.searchParams.has('uploadId')) return this.#abortUpload(url, response);
    handle(request, response);
  }

  #listUploads(url: URL, response: ServerResponse): void {
    const prefix = url.searchParams.get('prefix') ?? '';
    const uploads = this.pendingUploads()
      .filter((upload) => upload.key.startsWith(prefix))
      .map(
        (upload) =>
          `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${upload.uploadId}</UploadId>` +
          `<Initiated>${upload.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
      );
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(
      '<?xml version="1.0" encoding="UTF-8"?>' +
        '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
        `<Bucket>${TEST_BUCKET}</Bucket><Prefix>${escapeXml(prefix)}</Prefix><MaxUploads>1000</MaxUploads>` +
        `<IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
    );
  }

  #abortUpload(url: URL, response: ServerResponse): void {
    const uploadId = url.searchParams.get('uploadId') ?? '';
    const folder = path.join(this.directory, TEST_BUCKET, UPLOADS_FOLDER, path.basename(uploadId));
    const known = this.pendingUploads().some((upload) => upload.uploadId === uploadId);
    if (known) rmSync(folder, { recursive: true, force: true });
    response.writeHead(known ? 204 : 404, known ? {} : { 'content-type': 'application/xml' });
    response.end(known ? undefined : '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');
  }
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertValidFileKey, type ByteRange, type FileStore, type FileWriter, type StoredFileInfo } from './file-store.ts';
import { StorageUnavailableError } from './storage-errors.ts';

/** S3 takes parts of at least 5 MiB (all but the last); 8 MiB keeps memory per upload small and requests few. */
export const DEFAULT_PART_SIZE_BYTES = 8 * 1024 * 1024;

export interface S3FileStoreOptions {
  client: S3Client;
  bucket: string;
  /** Start of every object key (`sound-studio/`), or '' for the whole bucket. */
  prefix: string;
  partSizeBytes?: number;
}

/**
 * Files as objects of an S3-compatible bucket. An object appears only when its upload completes (a single PutObject,
 * or a multipart upload once a file outgrows one part), so readers never see half a file. A store that cannot be
 * reached answers StorageUnavailableError (503 STORAGE_UNAVAILABLE).
 */
export class S3FileStore implements FileStore {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #partSize: number;

  constructor(options: S3FileStoreOptions) {
    this.#client = options.client;
    this.#bucket = options.bucket;
    this.#prefix = options.prefix;
    this.#partSize = options.partSizeBytes ?? DEFAULT_PART_SIZE_BYTES;
  }

  async put(key: string, bytes: Uint8Array): Promise<StoredFileInfo> {
    const Key = this.#objectKey(key);
    await guarded(() => this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key, Body: bytes, ContentLength: bytes.length })));
    return { size: bytes.length, modifiedAt: new Date() };
  }

  /**
   * Asks the bucket first: a writer usually feeds a reply that streams out as it is written, and a store that is down
   * must be a 503 before the first byte goes out rather than a reply cut off at the end.
   */
  async openWriter(key: string): Promise<FileWriter> {
    const Key = this.#objectKey(key);
    await guarded(() => this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket })));
    return new S3FileWriter({ client: this.#client, bucket: this.#bucket, key: Key, partSize: this.#partSize });
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const Key = this.#objectKey(key);
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw toStorageError(error);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const Key = this.#objectKey(key);
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    const object = await guarded(() => this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key, Range })));
    if (!(object.Body instanceof Readable)) throw new Error('The S3 client returned no Node stream');
    return object.Body;
  }

  async delete(key: string): Promise<void> {
    const Key = this.#objectKey(key);
    await guarded(() => this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key })));
  }

  /** Aborts the multipart uploads under our prefix begun before `olderThan` (a process killed mid-upload). */
  async removeResidue(olderThan: Date): Promise<number> {
    let removed = 0;
    let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const page = await guarded(() =>
        this.#client.send(new ListMultipartUploadsCommand({ Bucket: this.#bucket, Prefix: this.#prefix, ...markers })),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || (upload.Initiated && upload.Initiated >= olderThan)) continue;
        const abort = { Bucket: this.#bucket, Key: upload.Key, UploadId: upload.UploadId };
        await guarded(() => this.#client.send(new AbortMultipartUploadCommand(abort)));
        removed += 1;
      }
      if (!page.IsTruncated) return removed;
      markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
  }

  /** Fails with a message naming the bucket when it cannot be reached or used (checked at start-up). */
  async checkBucket(): Promise<void> {
    try {
      await this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }));
    } catch (error) {
      throw new Error(`Cannot use the S3 bucket "${this.#bucket}" (S3_BUCKET, S3_ENDPOINT, AWS_*): ${describe(error)}`, { cause: error });
    }
  }

  async close(): Promise<void> {
    this.#client.destroy();
  }

  #objectKey(key: string): string {
    assertValidFileKey(key);
    return `${this.#prefix}${key}`;
  }
}

interface WriterTarget {
  client: S3Client;
  bucket: string;
  key: string;
  partSize: number;
}

/**
 * Buffers up to one part in memory: a file that stays within one part is a single PutObject at commit; a larger one
 * becomes a multipart upload, each full part sent as it fills. An error surfaces on the write or commit that met it.
 */
class S3FileWriter implements FileWriter {
  #buffered: Uint8Array[] = [];
  #bufferedBytes = 0;
  #size = 0;
  #uploadId: string | null = null;
  readonly #parts: CompletedPart[] = [];
  #done = false;

  constructor(private readonly target: WriterTarget) {}

  async write(bytes: Uint8Array): Promise<void> {
    if (this.#done) throw new Error('This file writer is already closed');
    if (bytes.length === 0) return;
    this.#buffered.push(bytes.slice());
    this.#bufferedBytes += bytes.length;
    this.#size += bytes.length;
    if (this.#bufferedBytes >= this.target.partSize) await this.#sendPart();
  }

  async commit(): Promise<StoredFileInfo> {
    if (this.#done) throw new Error('This file writer is already closed');
    this.#done = true;
    const { client, bucket, key } = this.target;
    if (this.#uploadId === null) {
      const body = this.#takeBuffer();
      await guarded(() => client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: body.length })));
    } else {
      if (this.#bufferedBytes > 0) await this.#sendPart();
      const upload = { Bucket: bucket, Key: key, UploadId: this.#uploadId, MultipartUpload: { Parts: this.#parts } };
      await guarded(() => client.send(new CompleteMultipartUploadCommand(upload)));
    }
    return { size: this.#size, modifiedAt: new Date() };
  }

  /**
   * Never throws: callers abort while handling another error. An abort the store cannot take (it is down) leaves an
   * incomplete upload, invisible to readers, which the next start-up removes.
   */
  async abort(): Promise<void> {
    const uploadId = this.#uploadId;
    this.#done = true;
    this.#takeBuffer();
    if (uploadId === null) return;
    this.#uploadId = null;
    const { client, bucket, key } = this.target;
    await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
  }

  async #sendPart(): Promise<void> {
    const { client, bucket, key } = this.target;
    const uploadId = this.#uploadId ?? (await this.#createUpload());
    const PartNumber = this.#parts.length + 1;
    const body = this.#takeBuffer();
    const part = await guarded(() =>
      client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length })),
    );
    this.#parts.push({ PartNumber, ETag: part.ETag });
  }

  async #createUpload(): Promise<string> {
    const { client, bucket, key } = this.target;
    const created = await guarded(() => client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key })));
    if (!created.UploadId) throw new Error('S3 returned no upload id');
    this.#uploadId = created.UploadId;
    return created.UploadId;
  }

  #takeBuffer(): Uint8Array {
    const body = Buffer.concat(this.#buffered);
    this.#buffered = [];
    this.#bufferedBytes = 0;
    return body;
  }
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toStorageError(error);
  }
}

/** Connection failures, timeouts, throttling and 5xx mean "try again later"; anything else is a bug or bad setup. */
function toStorageError(error: unknown): unknown {
  return isUnavailable(error) ? new StorageUnavailableError(error) : error;
}

const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
const UNAVAILABLE_ERROR_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'SlowDown', 'ServiceUnavailable', 'InternalError', 'ThrottlingException']);

function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, $metadata } = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } };
  if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
  if (typeof name === 'string' && UNAVAILABLE_ERROR_NAMES.has(name)) return true;
  return ($metadata?.httpStatusCode ?? 0) >= 500;
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

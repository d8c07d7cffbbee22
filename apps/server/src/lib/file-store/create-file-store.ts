import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import type { FileStoreConfig } from './config.ts';
import type { FileStore } from './file-store.ts';
import { LocalFileStore } from './local-file-store.ts';
import { S3FileStore } from './s3-file-store.ts';

/** How long a start-up in a cluster waits before treating another node's unfinished write as residue. */
const CLUSTER_RESIDUE_AGE_MS = 60 * 60 * 1000;

/** The store FILE_STORE selects: DATA_DIR/media, or the S3 bucket (then nothing of it is kept on this disk). */
export function createFileStore(config: FileStoreConfig, dataDir: string): FileStore {
  if (config.kind === 'local') return new LocalFileStore(path.join(dataDir, 'media'));
  const client = new S3Client({
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.region ? { region: config.region } : {}),
    // A copy: the SDK marks the credentials it is given, and the configuration is frozen.
    ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
    forcePathStyle: config.forcePathStyle,
    // A store that stopped answering must turn into a 503 in seconds, not hang a request or a job.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  return new S3FileStore({ client, bucket: config.bucket, prefix: config.prefix });
}

/**
 * Run before serving or taking jobs: checks an S3 bucket can be used (a wrong setting stops the start with a message
 * naming it) and removes what a killed process left mid-write. A process alone with its store (no REDIS_URL) removes
 * everything unfinished; in a cluster another node may be writing right now, so only writes begun an hour ago count.
 */
export async function prepareFileStore(files: FileStore, options: { clustered: boolean; now: number }): Promise<number> {
  if (files instanceof S3FileStore) await files.checkBucket();
  return files.removeResidue(new Date(options.clustered ? options.now - CLUSTER_RESIDUE_AGE_MS : options.now));
}

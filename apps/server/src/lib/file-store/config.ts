import { z } from 'zod';
import type { Environment } from '../environment.ts';

export const FILE_STORES = ['local', 's3'] as const;

/** Where media is kept: DATA_DIR/media (default) or an S3-compatible bucket. */
export type FileStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Null: AWS itself; otherwise the URL of another S3-compatible server. */
      endpoint: string | null;
      forcePathStyle: boolean;
      /** Start of every object key, so one bucket can hold several deployments (and start-up cleanup stays in ours). */
      prefix: string;
      /** AWS_REGION; null leaves it to the SDK (a profile's region). */
      region: string | null;
      /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; null leaves them to the SDK's other sources (profile, role). */
      credentials: S3Credentials | null;
    };

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const SWITCH_VALUES = ['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'] as const;
const PREFIX_PATTERN = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*$/;

const fileStoreEnvironmentSchema = z
  .object({
    FILE_STORE: z.enum(FILE_STORES, { error: `must be one of ${FILE_STORES.join(', ')}` }).default('local'),
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: z
      .string()
      .refine((value) => /^https?:\/\/[^/]+/.test(value), { error: 'must be a URL starting with http:// or https://' })
      .optional(),
    S3_FORCE_PATH_STYLE: z
      .string()
      .transform((value) => value.trim().toLowerCase())
      .pipe(z.enum(SWITCH_VALUES, { error: 'must be one of true, false, 1, 0, on, off' }))
      .transform((value) => ['true', '1', 'on', 'yes'].includes(value))
      .default(false),
    S3_PREFIX: z
      .string()
      .max(200)
      .refine((value) => PREFIX_PATTERN.test(value), { error: 'must be folder names each ending with "/", e.g. sound-studio/' })
      .default('sound-studio/'),
  })
  .refine((values) => values.FILE_STORE !== 's3' || Boolean(values.S3_BUCKET), {
    path: ['S3_BUCKET'],
    error: 'is required when FILE_STORE is s3',
  });

/** The file-store part of the configuration, from variables already stripped of empty values. */
export function fileStoreConfigFrom(env: Environment): { config: FileStoreConfig } | { problems: string[] } {
  const parsed = fileStoreEnvironmentSchema.safeParse(env);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => {
        const variable = String(issue.path[0]);
        return `  ${variable} ${issue.message} (got "${env[variable] ?? ''}")`;
      }),
    };
  }
  const values = parsed.data;
  if (values.FILE_STORE === 'local') return { config: { kind: 'local' } };
  return {
    config: {
      kind: 's3',
      bucket: values.S3_BUCKET ?? '',
      endpoint: values.S3_ENDPOINT ?? null,
      forcePathStyle: values.S3_FORCE_PATH_STYLE,
      prefix: values.S3_PREFIX,
      region: env.AWS_REGION ?? null,
      credentials: credentialsFrom(env),
    },
  };
}

function credentialsFrom(env: Environment): S3Credentials | null {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env;
  if (!accessKeyId || !secretAccessKey) return null;
  return sessionToken ? { accessKeyId, secretAccessKey, sessionToken } : { accessKeyId, secretAccessKey };
}

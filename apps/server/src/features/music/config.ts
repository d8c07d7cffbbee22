import { z } from 'zod';
import type { Environment } from '../../lib/environment.ts';

export const MUSIC_PROVIDERS = ['local', 'minimax'] as const;

export type MusicConfig = {
  /** Render worker threads of the local engine (~230 MB each). */
  workers: number;
  /** Compose the featured catalogue in the background on first start. */
  featuredCatalogue: boolean;
  /** How many curated prompts to compose (all by default; tests ask for a few). */
  featuredCatalogueSize: number | null;
} & (
  | { provider: 'local' }
  | { provider: 'minimax'; apiKey: string; baseUrl: string | null; model: string | null }
);

const onOff = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' }))
  .transform((value) => ['on', 'true', '1'].includes(value));

const musicEnvironmentSchema = z
  .object({
    MUSIC_PROVIDER: z.enum(MUSIC_PROVIDERS, { error: `must be one of ${MUSIC_PROVIDERS.join(', ')}` }).default('local'),
    MUSIC_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
    MINIMAX_MUSIC_MODEL: z.string().optional(),
    MINIMAX_API_KEY: z.string().optional(),
    MINIMAX_BASE_URL: z.string().optional(),
    FEATURED_CATALOGUE: onOff.default(true),
    FEATURED_CATALOGUE_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .refine((values) => values.MUSIC_PROVIDER !== 'minimax' || Boolean(values.MINIMAX_API_KEY), {
    path: ['MINIMAX_API_KEY'],
    error: 'is required when MUSIC_PROVIDER is minimax',
  });

/** The music part of the configuration, from variables already stripped of empty values. */
export function musicConfigFrom(env: Environment): { config: MusicConfig } | { problems: string[] } {
  const parsed = musicEnvironmentSchema.safeParse(env);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((issue) => `  ${String(issue.path[0])} ${issue.message}`) };
  }
  const values = parsed.data;
  const common = {
    workers: values.MUSIC_WORKERS,
    featuredCatalogue: values.FEATURED_CATALOGUE,
    featuredCatalogueSize: values.FEATURED_CATALOGUE_SIZE ?? null,
  };
  if (values.MUSIC_PROVIDER === 'minimax') {
    return {
      config: {
        ...common,
        provider: 'minimax',
        apiKey: values.MINIMAX_API_KEY ?? '',
        baseUrl: values.MINIMAX_BASE_URL ?? null,
        model: values.MINIMAX_MUSIC_MODEL ?? null,
      },
    };
  }
  return { config: { ...common, provider: 'local' } };
}

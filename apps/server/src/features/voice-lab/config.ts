import { z } from 'zod';
import type { Environment } from '../../lib/environment.ts';

export const VOICE_CLONE_PROVIDERS = ['local', 'minimax'] as const;

export interface VoiceLabConfig {
  /** Worker threads of the voice isolator pool (isolation and its encoding; clones have a thread of their own). */
  isolatorWorkers: number;
  /** Who makes clones: the local match, or MiniMax's voice clone (needs MINIMAX_API_KEY). */
  cloneProvider:
    | { provider: 'local' }
    | {
        provider: 'minimax';
        apiKey: string;
        baseUrl: string | null;
        groupId: string | null;
        /** MiniMax model the clone's preview speaks with (MINIMAX_SPEECH_MODEL); null keeps the adapter's. */
        speechModel: string | null;
      };
}

const voiceLabEnvironmentSchema = z
  .object({
    VOICE_CLONE_PROVIDER: z
      .enum(VOICE_CLONE_PROVIDERS, { error: `must be one of ${VOICE_CLONE_PROVIDERS.join(', ')}` })
      .default('local'),
    ISOLATOR_WORKERS: z.coerce
      .number({ error: 'must be a whole number between 1 and 16' })
      .int({ error: 'must be a whole number between 1 and 16' })
      .min(1, { error: 'must be a whole number between 1 and 16' })
      .max(16, { error: 'must be a whole number between 1 and 16' })
      .default(2),
    MINIMAX_API_KEY: z.string().optional(),
    MINIMAX_BASE_URL: z.string().optional(),
    MINIMAX_GROUP_ID: z.string().optional(),
    MINIMAX_SPEECH_MODEL: z.string().trim().min(1).optional(),
  })
  .refine((values) => values.VOICE_CLONE_PROVIDER !== 'minimax' || Boolean(values.MINIMAX_API_KEY), {
    path: ['MINIMAX_API_KEY'],
    error: 'is required when VOICE_CLONE_PROVIDER is minimax',
  });

/** The voice-lab part of the configuration, from variables already stripped of empty values. */
export function voiceLabConfigFrom(env: Environment): { config: VoiceLabConfig } | { problems: string[] } {
  const parsed = voiceLabEnvironmentSchema.safeParse(env);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => {
        const variable = String(issue.path[0]);
        const shown = variable === 'MINIMAX_API_KEY' ? '' : ` (got "${env[variable] ?? ''}")`;
        return `  ${variable} ${issue.message}${shown}`;
      }),
    };
  }
  const values = parsed.data;
  const cloneProvider: VoiceLabConfig['cloneProvider'] =
    values.VOICE_CLONE_PROVIDER === 'minimax'
      ? {
          provider: 'minimax',
          apiKey: values.MINIMAX_API_KEY ?? '',
          baseUrl: values.MINIMAX_BASE_URL ?? null,
          groupId: values.MINIMAX_GROUP_ID ?? null,
          speechModel: values.MINIMAX_SPEECH_MODEL ?? null,
        }
      : { provider: 'local' };
  return { config: { isolatorWorkers: values.ISOLATOR_WORKERS, cloneProvider } };
}

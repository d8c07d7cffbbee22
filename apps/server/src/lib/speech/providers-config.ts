import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UPSTREAM_PROVIDER_TYPES, type UpstreamProviderType, type UpstreamVoice } from '@sound-studio/audio';
import { VOICE_GENDERS } from '@sound-studio/shared';
import { z } from 'zod';
import type { Environment } from '../environment.ts';

/** One upstream speech provider, validated from SPEECH_PROVIDERS (or SPEECH_PROVIDERS_FILE). */
export interface SpeechProviderConfig {
  type: UpstreamProviderType;
  /** Lower-case name: voice ids are `upstream:<name>:<provider voice id>`. */
  name: string;
  /** What the library shows, e.g. "ElevenLabs"; the name when not set. */
  label: string;
  /** Null: the provider's public address (OpenAI, ElevenLabs, MiniMax). */
  baseUrl: string | null;
  /** Empty for a server without a key (a local Kokoro-FastAPI); never logged, never sent to a client. */
  apiKey: string;
  model: string | null;
  /** MiniMax only: older (China) accounts address requests with a GroupId. */
  groupId: string | null;
  /** Credits charged per character spoken by this provider's voices (the operator's price). */
  creditsPerCharacter: number;
  /** Time limit for an answer, and for each pause in a streamed one. */
  timeoutMs: number;
  /** How often the voice listing is read again. */
  refreshSeconds: number;
  /** The operator's voice list; when set, the provider's listing is not read. */
  voices: UpstreamVoice[];
  /** MiniMax only: this provider also renders the catalogue voices in place of the local engine (SPEECH_PROVIDER=minimax). */
  catalogue: boolean;
}

export const DEFAULT_PROVIDER_TIMEOUT_SECONDS = 30;
export const DEFAULT_VOICE_REFRESH_SECONDS = 600;
const KEY_REQUIRED: readonly UpstreamProviderType[] = ['elevenlabs', 'minimax'];

const httpUrl = z.string().refine((value) => /^https?:\/\/[^\s]+$/.test(value), { error: 'must be a URL starting with http:// or https://' });

const voiceSchema = z.union([
  z.string().min(1).max(200).transform((id) => ({ id, name: id })),
  z
    .object({
      id: z.string().min(1).max(200),
      name: z.string().min(1).max(100).optional(),
      gender: z.enum(VOICE_GENDERS).optional(),
      language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)*$/, { error: 'must be a BCP 47 tag such as en or en-US' }).optional(),
    })
    .strict()
    .transform((voice): UpstreamVoice => ({ ...voice, name: voice.name ?? voice.id })),
]);

const providerSchema = z
  .object({
    type: z.enum(UPSTREAM_PROVIDER_TYPES, { error: `must be one of ${UPSTREAM_PROVIDER_TYPES.join(', ')}` }),
    name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { error: 'must be 1-32 lower-case letters, digits or dashes' }),
    label: z.string().trim().min(1).max(60).optional(),
    baseUrl: httpUrl.optional(),
    apiKey: z.string().min(1).optional(),
    /** The name of another environment variable that holds the key, so the JSON itself can be kept without secrets. */
    apiKeyEnv: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, { error: 'must be an environment variable name' }).optional(),
    model: z.string().trim().min(1).max(100).optional(),
    groupId: z.string().min(1).optional(),
    pricePerCharacter: z.number({ error: 'is required: credits per character (a number from 0 to 1000)' }).min(0).max(1000),
    timeoutSeconds: z.number().min(1).max(600).default(DEFAULT_PROVIDER_TIMEOUT_SECONDS),
    refreshSeconds: z.number().int().min(10).max(86_400).default(DEFAULT_VOICE_REFRESH_SECONDS),
    voices: z.array(voiceSchema).max(1000).optional(),
    catalogue: z.boolean().default(false),
  })
  .strict();

type ProviderEntry = z.infer<typeof providerSchema>;

const providersSchema = z.array(providerSchema).max(20);

/**
 * SPEECH_PROVIDERS (a JSON array) or SPEECH_PROVIDERS_FILE (a JSON file holding the same array): the upstream speech
 * providers beside the local engines. Problems come back as lines for the configuration error; they name the entry
 * and field at fault and never echo a value (entries carry keys).
 */
export function speechProvidersConfigFrom(env: Environment, baseDir: string): { config: SpeechProviderConfig[] } | { problems: string[] } {
  const source = readSource(env, baseDir);
  if ('problem' in source) return { problems: [`  ${source.problem}`] };
  if (source.json === null) return { config: [] };
  const parsed = providersSchema.safeParse(source.json);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((issue) => `  ${source.variable}${pathOf(issue.path)} ${issue.message}`) };
  }
  const problems = crossChecks(parsed.data, env).map((problem) => `  ${source.variable}${problem}`);
  if (problems.length > 0) return { problems };
  return { config: parsed.data.map((entry) => providerConfigOf(entry, env)) };
}

function readSource(env: Environment, baseDir: string): { variable: string; json: unknown } | { problem: string } {
  if (env.SPEECH_PROVIDERS && env.SPEECH_PROVIDERS_FILE) return { problem: 'SPEECH_PROVIDERS and SPEECH_PROVIDERS_FILE cannot both be set' };
  if (env.SPEECH_PROVIDERS) return parseJson('SPEECH_PROVIDERS', env.SPEECH_PROVIDERS);
  if (!env.SPEECH_PROVIDERS_FILE) return { variable: 'SPEECH_PROVIDERS', json: null };
  const file = path.resolve(baseDir, env.SPEECH_PROVIDERS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { problem: `SPEECH_PROVIDERS_FILE cannot be read at ${file}` };
  }
  return parseJson('SPEECH_PROVIDERS_FILE', text);
}

function parseJson(variable: string, text: string): { variable: string; json: unknown } | { problem: string } {
  try {
    return { variable, json: JSON.parse(text) as unknown };
  } catch {
    return { problem: `${variable} must be a JSON array of providers (see the README's "Upstream speech providers")` };
  }
}

/** Rules across fields and entries: unique names, keys where the type needs one, one catalogue renderer. */
function crossChecks(entries: ProviderEntry[], env: Environment): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (seen.has(entry.name)) problems.push(`[${index}].name "${entry.name}" is used by two providers`);
    seen.add(entry.name);
    if (entry.apiKey && entry.apiKeyEnv) problems.push(`[${index}] may set apiKey or apiKeyEnv, not both`);
    if (entry.apiKeyEnv && !env[entry.apiKeyEnv]) problems.push(`[${index}].apiKeyEnv names ${entry.apiKeyEnv}, which is not set`);
    if (KEY_REQUIRED.includes(entry.type) && !entry.apiKey && !entry.apiKeyEnv) problems.push(`[${index}] (${entry.type}) needs apiKey or apiKeyEnv`);
    if (entry.catalogue && entry.type !== 'minimax') problems.push(`[${index}].catalogue is only for minimax providers`);
    if (entry.groupId && entry.type !== 'minimax') problems.push(`[${index}].groupId is only for minimax providers`);
  });
  if (entries.filter((entry) => entry.catalogue).length > 1) problems.push(' may have one provider with catalogue: true');
  if (entries.some((entry) => entry.catalogue) && env.SPEECH_PROVIDER === 'minimax') {
    problems.push(' has a catalogue provider, and SPEECH_PROVIDER=minimax asks for another: keep one');
  }
  return problems;
}

function providerConfigOf(entry: ProviderEntry, env: Environment): SpeechProviderConfig {
  return {
    type: entry.type,
    name: entry.name,
    label: entry.label ?? entry.name,
    baseUrl: entry.baseUrl ?? null,
    apiKey: entry.apiKey ?? (entry.apiKeyEnv ? (env[entry.apiKeyEnv] ?? '') : ''),
    model: entry.model ?? null,
    groupId: entry.groupId ?? null,
    creditsPerCharacter: entry.pricePerCharacter,
    timeoutMs: Math.round(entry.timeoutSeconds * 1000),
    refreshSeconds: entry.refreshSeconds,
    voices: entry.voices ?? [],
    catalogue: entry.catalogue,
  };
}

function pathOf(segments: readonly PropertyKey[]): string {
  return segments.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`)).join('') || '';
}

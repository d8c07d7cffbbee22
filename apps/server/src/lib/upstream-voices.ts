import { findSpeechLanguage, type UpstreamSpeechEngine, type UpstreamVoice, type VoiceSpec } from '@sound-studio/audio';
import type { Voice } from '@sound-studio/shared';
import type { SpeechProviderConfig } from './speech/providers-config.ts';

/** Ids of upstream voices: the prefix keeps them apart from catalogue, neural and custom ids (none has a colon). */
export const UPSTREAM_VOICE_PREFIX = 'upstream:';

export const upstreamVoiceId = (provider: string, voiceId: string) => `${UPSTREAM_VOICE_PREFIX}${provider}:${voiceId}`;

/** `upstream:<provider>:<voice id>` split; the voice id may itself hold colons (another Sound Studio's upstream ids). */
export function parseUpstreamVoiceId(id: string): { provider: string; voiceId: string } | null {
  if (!id.startsWith(UPSTREAM_VOICE_PREFIX)) return null;
  const rest = id.slice(UPSTREAM_VOICE_PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon <= 0 || colon === rest.length - 1) return null;
  return { provider: rest.slice(0, colon), voiceId: rest.slice(colon + 1) };
}

interface ProviderVoices {
  config: Readonly<SpeechProviderConfig>;
  engine: UpstreamSpeechEngine;
  /** The last listing that succeeded; null until one has. */
  voices: Map<string, UpstreamVoice> | null;
}

export interface UpstreamVoiceLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * The voices of the upstream providers: each provider's listing (or the operator's list) read at start, then again
 * every `refreshSeconds`. A listing that fails keeps the last good one and is logged by provider name and error
 * code only (the error never holds the key or the request).
 */
export class UpstreamVoiceLibrary {
  readonly #providers = new Map<string, ProviderVoices>();
  readonly #timers: NodeJS.Timeout[] = [];
  #closed = false;

  constructor(
    providers: readonly Readonly<SpeechProviderConfig>[],
    engines: ReadonlyMap<string, UpstreamSpeechEngine>,
    private readonly log?: UpstreamVoiceLogger,
  ) {
    for (const config of providers) {
      const engine = engines.get(config.name);
      if (engine) this.#providers.set(config.name, { config, engine, voices: null });
    }
  }

  /** Reads every listing once (a slow provider waits at most its time limit), then refreshes on each one's interval. */
  async start(): Promise<void> {
    await Promise.all([...this.#providers.values()].map((provider) => this.refresh(provider.config.name)));
    if (this.#closed) return;
    for (const provider of this.#providers.values()) {
      const timer = setInterval(() => void this.refresh(provider.config.name), provider.config.refreshSeconds * 1000);
      timer.unref();
      this.#timers.push(timer);
    }
  }

  /** Reads one provider's listing now; false when it failed (the last good list stays). */
  async refresh(name: string): Promise<boolean> {
    const provider = this.#providers.get(name);
    if (!provider) return false;
    try {
      const voices = await provider.engine.listVoices();
      provider.voices = new Map(voices.map((voice) => [voice.id, voice]));
      return true;
    } catch (error) {
      const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : 'UNKNOWN';
      this.log?.warn({ provider: name, code }, 'cannot read the speech provider’s voice listing; keeping the last one');
      return false;
    }
  }

  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearInterval(timer);
  }

  list(): Voice[] {
    return [...this.#providers.values()].flatMap((provider) => [...(provider.voices?.values() ?? [])].map((voice) => upstreamVoiceToApi(provider.config, voice)));
  }

  /**
   * The voice behind an `upstream:` id. Before a provider's first listing has arrived (a worker process that just
   * started, a provider down at start) any id of that provider is taken as it is: the provider itself is the judge.
   */
  find(id: string): { voice: Voice; engineVoice: VoiceSpec } | null {
    const parsed = parseUpstreamVoiceId(id);
    const provider = parsed ? this.#providers.get(parsed.provider) : undefined;
    if (!parsed || !provider) return null;
    const listed = provider.voices ? provider.voices.get(parsed.voiceId) : { id: parsed.voiceId, name: parsed.voiceId };
    if (!listed) return null;
    const voice = upstreamVoiceToApi(provider.config, listed);
    return {
      voice,
      engineVoice: { id: voice._id, language: voice.locale, espeakVoice: voice.language, upstream: { provider: parsed.provider, voiceId: parsed.voiceId } },
    };
  }
}

/** An upstream voice in the library's Voice shape, under its provider's name and price. */
function upstreamVoiceToApi(config: Readonly<SpeechProviderConfig>, voice: UpstreamVoice): Voice {
  const id = upstreamVoiceId(config.name, voice.id);
  const locale = voice.language ?? 'en';
  const language = findSpeechLanguage(locale);
  return {
    _id: id,
    name: voice.name,
    description: voice.description ?? '',
    gender: voice.gender ?? 'neutral',
    age: 'adult',
    language: language?.base ?? locale.split('-')[0] ?? locale,
    locale,
    languageName: language?.name ?? locale,
    accent: null,
    artwork: `/api/voices/${encodeURIComponent(id)}/artwork.svg`,
    // Upstream voices have no preview of ours (each would be a paid call to the provider).
    previewUrl: '',
    audioFile: '',
    isGroup: false,
    moods: [],
    groupId: null,
    isDefault: false,
    category: 'library',
    upstream: { provider: config.name, label: config.label, creditsPerCharacter: config.creditsPerCharacter, takes: settingsTakenBy(config.type) },
  };
}

/** What each kind of provider does with our voice settings: MiniMax maps pitch and volume; the others take speed only. */
function settingsTakenBy(type: SpeechProviderConfig['type']): Array<'speed' | 'pitch' | 'volume'> {
  return type === 'minimax' ? ['speed', 'pitch', 'volume'] : ['speed'];
}

import { describe, expect, it } from 'vitest';
import {
  AUTH_FAILURE_MESSAGES,
  CREDIT_FAILURE_MESSAGES,
  DEFAULT_MUSIC_PROMPT,
  FILE_FAILURE_MESSAGES,
  FILE_FAILURE_TEMPLATES,
  MUSIC_MESSAGES,
  PLAN_FEATURE_REFUSALS,
  PROCESSING_FAILURE_MESSAGES,
  SPEECH_PROVIDER_FAILURE_MESSAGES,
  VALIDATION_MESSAGES,
  VOICE_LAB_FORM_MESSAGES,
} from '@sound-studio/shared';
import enCore from './en.json';
import enStudio from './en-studio.json';
import tr from './tr.json';

/** English is split into the core texts and the studio's (loaded with the shell); together they match Turkish. */
const en = { ...enCore, ...enStudio };

/** Every fixed server sentence the web app translates, by the group it comes from (keys are shared by one locale section). */
const SERVER_MESSAGE_GROUPS = [
  AUTH_FAILURE_MESSAGES,
  CREDIT_FAILURE_MESSAGES,
  FILE_FAILURE_MESSAGES,
  SPEECH_PROVIDER_FAILURE_MESSAGES,
  PROCESSING_FAILURE_MESSAGES,
  VOICE_LAB_FORM_MESSAGES,
  PLAN_FEATURE_REFUSALS,
];
/** The groups the server sends about uploads, voice lab work, speech and plan features, which must all read in Turkish. */
const UPLOAD_AND_WORK_MESSAGES = { ...FILE_FAILURE_MESSAGES, ...PROCESSING_FAILURE_MESSAGES, ...VOICE_LAB_FORM_MESSAGES, ...PLAN_FEATURE_REFUSALS };

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it('splits English without overlap', () => {
    expect(Object.keys(enCore).filter((key) => key in enStudio)).toEqual([]);
  });

  it('Turkish has exactly the English keys, none empty', () => {
    expect(keysOf(tr).sort()).toEqual(keysOf(en).sort());
    for (const key of keysOf(tr)) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tr);
      expect(value, key).not.toBe('');
    }
  });

  it("uses the spec's English texts word for word", () => {
    expect(en.validation).toEqual(VALIDATION_MESSAGES);
    expect(en.serverMessages).toEqual(Object.assign({}, ...SERVER_MESSAGE_GROUPS));
    // No group may reuse another's key: the later sentence would silently replace the earlier one.
    expect(Object.keys(en.serverMessages)).toHaveLength(SERVER_MESSAGE_GROUPS.reduce((count, group) => count + Object.keys(group).length, 0));
    // The spec's validation messages are translated under validation.<key>; none is repeated as a server message.
    const validationTexts = new Set<string>(Object.values(VALIDATION_MESSAGES));
    expect(Object.values(en.serverMessages).filter((text) => validationTexts.has(text))).toEqual([]);
    expect(Object.keys(en.serverMessageTemplates)).toEqual(FILE_FAILURE_TEMPLATES.map((template) => template.key));
    expect(en.session.warningMessage).toBe('Your session will expire in 5 minutes due to inactivity. Would you like to continue?');
    expect(en.session.expiredMessage).toBe('Your session has expired due to inactivity. Please log in again.');
    expect(en.settings.profile.success).toBe('Profile updated successfully');
    expect(en.settings.profile.failure).toBe('Failed to update profile');
    expect(en.settings.password.success).toBe('Password changed successfully');
    expect(en.settings.password.failure).toBe('Failed to change password');
    expect(en.home.noFeatured).toBe('No featured music available');
    expect(en.home.noFeaturedHint).toBe('Check back later for new content');
    expect(en.music.featuredHint).toBe('Discover music that fits your project');
    expect(en.music.errors.promptRejected).toBe(MUSIC_MESSAGES.promptRejected);
    expect(en.music.errors.generationFailed).toBe(MUSIC_MESSAGES.generationFailed);
    expect(en.music.status.generating).toBe(MUSIC_MESSAGES.starting);
    expect(en.music.status.processing).toBe(MUSIC_MESSAGES.processing);
    expect(en.music.errors.loadTracks).toBe('Failed to load music: {{message}}');
    expect(en.music.errors.loadModels).toBe('Failed to load models: {{message}}');
    expect(en.music.samples.jazzy).toBe(DEFAULT_MUSIC_PROMPT);
    expect(en.app.name).toBe('Sound Studio');
    expect(tr.app.name).toBe('Sound Studio');
  });

  it('keeps the product name "Sound Studio" in Turkish too, never a translation of it', () => {
    expect(JSON.stringify(tr)).not.toContain('Ses Stüdyosu');
    expect(tr.auth.login.subtitle).toContain("Sound Studio'da");
  });

  it('has Turkish for the server messages about files, the free plan, invoice periods and music tags', () => {
    for (const key of Object.keys(UPLOAD_AND_WORK_MESSAGES) as (keyof typeof UPLOAD_AND_WORK_MESSAGES)[]) {
      expect(tr.serverMessages[key], key).toBeTruthy();
      expect(tr.serverMessages[key], key).not.toBe(UPLOAD_AND_WORK_MESSAGES[key]);
    }
    for (const { key } of FILE_FAILURE_TEMPLATES) {
      expect(tr.serverMessageTemplates[key], key).toBeTruthy();
      expect(tr.serverMessageTemplates[key], key).not.toBe(en.serverMessageTemplates[key]);
    }
    expect(tr.pricing.freePlanName).toBe('Ücretsiz Plan');
    expect(tr.billing.invoices.description.monthly).toBe('{{plan}} (aylık)');
    expect(tr.music.tagNames.jazz).toBe('caz');
    expect(tr.music.tagNames.melancholic).toBe('melankolik');
    expect(Object.keys(tr.music.tagNames)).toEqual(Object.keys(en.music.tagNames));
  });

  it('translates Turkish rather than copying English', () => {
    // Music tag names that Turkish borrows as they are (pop, rock, synth, saz…) are allowed to match.
    const copied = keysOf(en).filter((key) => !key.startsWith('music.tagNames.')).filter((key) => {
      const read = (root: unknown) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], root);
      return read(en) === read(tr);
    });
    // Words that are the same in both languages (and the providers' names).
    expect(copied.sort()).toEqual(['app.name', 'auth.social.github', 'auth.social.google', 'credits.plan', 'home.model', 'music.model', 'nav.badges.beta', 'tts.valueText.speed', 'voiceDesign.difference']);
  });
});

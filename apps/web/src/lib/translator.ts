import { useMemo, useSyncExternalStore } from 'react';
import type en from '../locales/en.json';
import type enStudio from '../locales/en-studio.json';

/**
 * The interface's translations: nested JSON texts per language, `{{name}}` placeholders, plural forms chosen by
 * `Intl.PluralRules` (`key_one`, `key_other`, …) and English as the fallback. It does what the app needs of i18next in
 * about 1 KB, so the first page does not download 20 KB of translation framework.
 */
export type AllTexts = typeof en & typeof enStudio;
type TextTree = { [key: string]: string | TextTree };

type PluralForm = Intl.LDMLPluralRule;
type WithoutPluralForm<Key extends string> = Key extends `${infer Base}_${PluralForm}` ? Base : Key;

/** Every text's dotted key (plural forms under their base key), and every group's key (for `returnObjects`). */
type KeysOf<Tree, Prefix extends string = ''> = {
  [Key in keyof Tree & string]: Tree[Key] extends string
    ? `${Prefix}${WithoutPluralForm<Key>}`
    : `${Prefix}${Key}` | KeysOf<Tree[Key], `${Prefix}${Key}.`>;
}[keyof Tree & string];
export type TranslationKey = KeysOf<AllTexts>;
/** A key built at run time under a known group (`voices.genders.${gender}`); it needs a `defaultValue`. */
type GroupKey = `${keyof AllTexts & string}.${string}`;

export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  [placeholder: string]: string | number | undefined;
}

export interface TFunction {
  (key: TranslationKey, options?: TranslateOptions): string;
  (key: GroupKey, options: TranslateOptions & { defaultValue: string }): string;
  (key: TranslationKey, options: { returnObjects: true }): Record<string, string>;
}

const FALLBACK_LANGUAGE = 'en';
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The texts and the current language, shared by every component; a change re-renders those that translate. */
class Translations {
  language = FALLBACK_LANGUAGE;
  private readonly texts = new Map<string, TextTree>();
  private readonly listeners = new Set<() => void>();
  private readonly pluralRules = new Map<string, Intl.PluralRules>();
  private version = 0;

  /** Merges texts into a language's (deeply: a later file adds groups and keys, and overrides equal keys). */
  addTexts(language: string, texts: object): void {
    this.texts.set(language, mergeTrees(this.texts.get(language) ?? {}, texts as TextTree));
    this.changed();
  }

  setLanguage(language: string): void {
    if (language === this.language) return;
    this.language = language;
    this.changed();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getVersion = (): number => this.version;

  readonly t = ((key: string, options: TranslateOptions & { returnObjects?: boolean } = {}) => {
    const found = this.find(key, options.count);
    if (options.returnObjects && found !== undefined && typeof found !== 'string') return found;
    const text = typeof found === 'string' ? found : (options.defaultValue ?? key);
    return text.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = options[name];
      return value === undefined || typeof value === 'boolean' ? placeholder : String(value);
    });
  }) as TFunction;

  private find(key: string, count: number | undefined): string | TextTree | undefined {
    for (const language of new Set([this.language, FALLBACK_LANGUAGE])) {
      const tree = this.texts.get(language);
      if (!tree) continue;
      const found = count === undefined ? lookUp(tree, key) : (lookUp(tree, `${key}_${this.pluralForm(language, count)}`) ?? lookUp(tree, key));
      if (found !== undefined) return found;
    }
    return undefined;
  }

  private pluralForm(language: string, count: number): Intl.LDMLPluralRule {
    let rules = this.pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.pluralRules.set(language, rules);
    }
    return rules.select(count);
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

function lookUp(tree: TextTree, key: string): string | TextTree | undefined {
  let node: string | TextTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

function mergeTrees(into: TextTree, from: TextTree): TextTree {
  const merged: TextTree = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = merged[key];
    merged[key] = typeof value === 'object' && typeof existing === 'object' ? mergeTrees(existing, value) : value;
  }
  return merged;
}

export const translations = new Translations();

export interface TranslationHandle {
  t: TFunction;
  i18n: { language: string; version: number };
}

/** `t` in the current language; the component re-renders when the language changes or texts arrive. */
export function useTranslation(): TranslationHandle {
  const version = useSyncExternalStore(translations.subscribe, translations.getVersion, translations.getVersion);
  return useMemo(() => handleFor(version), [version]);
}

/** A new `t` per version of the texts, so values memoized on it follow a language switch. */
function handleFor(version: number): TranslationHandle {
  const t = ((key: TranslationKey, options?: TranslateOptions) => translations.t(key, options)) as TFunction;
  return { t, i18n: { language: translations.language, version } };
}

import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import type { TranslationKey } from './translator.ts';
import { useTranslation } from './translator.ts';

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A translated sentence whose `<name>…</name>` parts become the given elements, with the part's text as their
 * children ("New here? <action>Create an account</action>"). It covers what the app needs of
 * a `Trans` component, in a few lines.
 */
export function TaggedText({ i18nKey, components }: { i18nKey: TranslationKey; components: Record<string, ReactElement> }) {
  const { t } = useTranslation();
  return <>{splitTags(t(i18nKey), components)}</>;
}

export function splitTags(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : <Fragment key={parts.length}>{inner}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

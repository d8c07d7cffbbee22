import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A translated sentence whose `<name>…</name>` parts become the given elements, with the part's text as their
 * children ("New here? <action>Create an account</action>"). It covers what the sign-in pages need of react-i18next's
 * `Trans` without loading it on the first page.
 */
export function TaggedText({ i18nKey, components }: { i18nKey: ParseKeys; components: Record<string, ReactElement> }) {
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

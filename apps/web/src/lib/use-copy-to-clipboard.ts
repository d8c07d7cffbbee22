import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_CHECK_MS } from '@sound-studio/shared';

/** Copies text and remembers what was copied for 2 s (section 9), long enough to show a check mark. */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopied(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), COPIED_CHECK_MS);
    return true;
  }, []);
  return { copied, copy };
}

import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { sharedQueryClient } from './query-client.ts';

/** Server data for the pages below: the studio's shell and the public pages that read the server. */
export function QueryLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={sharedQueryClient()}>{children}</QueryClientProvider>;
}

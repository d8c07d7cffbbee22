import type { QueryClient } from '@tanstack/react-query';
import { preferencesQuery } from '../preferences/index.ts';
import { voicesQuery } from '../voices/index.ts';

/** What the page draws from the server at once: the voices to choose from and the saved voice and settings. */
export function prefetchTextToSpeechPage(client: QueryClient): Promise<unknown> {
  return Promise.all([client.prefetchQuery(voicesQuery), client.prefetchQuery(preferencesQuery)]);
}

// The light entry: what the router reads ahead of the page, without evaluating the page's own modules.
export { prefetchTextToSpeechPage } from './page-data.ts';

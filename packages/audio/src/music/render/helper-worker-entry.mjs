// Worker threads cannot load TypeScript on their own: register tsx for this thread only (namespaced, so it never
// clashes with a loader the host process already uses), then load the real worker.
import { register } from 'tsx/esm/api';

const typescript = register({ namespace: 'sound-studio-music-render-helper' });
await typescript.import('./helper-worker.ts', import.meta.url);

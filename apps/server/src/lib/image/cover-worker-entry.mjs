// Worker threads cannot load TypeScript on their own (the test runner's transform does not reach them): register tsx
// for this thread only, namespaced so it never clashes with a loader the host process already uses, then load the
// real worker. The same technique as the document and speech workers.
import { register } from 'tsx/esm/api';

const typescript = register({ namespace: 'sound-studio-cover-worker' });
await typescript.import('./cover-worker.ts', import.meta.url);

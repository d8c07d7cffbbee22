// Worker threads cannot load TypeScript on their own: register tsx for this thread only, then load the test worker.
import { register } from 'tsx/esm/api';

const typescript = register({ namespace: 'sound-studio-pool-test-worker' });
await typescript.import('./test-worker.ts', import.meta.url);

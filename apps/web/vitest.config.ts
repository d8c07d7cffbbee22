import { webTestConfig } from './vitest.shared.ts';

export default webTestConfig({ isolated: false });

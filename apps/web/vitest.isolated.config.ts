import { webTestConfig } from './vitest.shared.ts';

/** The web files that mock modules (vi.mock), each with a module registry of its own. */
export default webTestConfig({ isolated: true });

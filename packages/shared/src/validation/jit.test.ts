import { expect, it } from 'vitest';
import { disableSchemaJit } from './jit.ts';

it('turns zod JIT off through the settings object zod itself reads', async () => {
  disableSchemaJit();
  const { config, z } = await import('zod');
  expect(config().jitless).toBe(true);
  // Interpretation still validates: a wrong field is still rejected.
  expect(z.object({ name: z.string() }).safeParse({ name: 1 }).success).toBe(false);
});

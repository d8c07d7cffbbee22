import { z } from 'zod';

/** `{ success: true, data }`: every successful reply. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type SuccessEnvelope<T> = { success: true; data: T };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

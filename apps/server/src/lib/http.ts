import { errorEnvelopeSchema, type SuccessEnvelope } from '@sound-studio/shared';

export function ok<T>(data: T): SuccessEnvelope<T> {
  return { success: true, data };
}

/** Response schemas of every error reply, so the OpenAPI document shows the error envelope. */
export const errorReplies = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema } as const;

/** OpenAPI security requirements (the schemes are declared in app.ts). */
export const SECURITY = {
  bearer: [{ bearerAuth: [] }],
  csrf: [{ csrfToken: [] }],
  bearerAndCsrf: [{ bearerAuth: [], csrfToken: [] }],
  admin: [{ adminToken: [] }],
} as const;

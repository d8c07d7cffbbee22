import type { TtsJob } from '@sound-studio/shared';
import { dataOf, type RegisteredUser, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';

/** POST /api/tts/documents with one file and the given form fields, as the editor sends it. */
export function uploadDocument(app: TestApp, user: RegisteredUser, fileName: string, content: Buffer | string, fields: Record<string, string> = {}) {
  const form = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', value: content, fileName },
  ]);
  return app.request({
    method: 'POST',
    url: '/api/tts/documents',
    token: user.session.accessToken,
    headers: { 'content-type': form.contentType },
    body: form.body,
  });
}

export async function documentJob(app: TestApp, user: RegisteredUser, id: string): Promise<TtsJob> {
  return dataOf<TtsJob>(await app.request({ url: `/api/tts/jobs/${id}`, token: user.session.accessToken }));
}

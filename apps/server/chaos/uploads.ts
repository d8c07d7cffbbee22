import http from 'node:http';
import type { ApiClient } from './api-client.ts';
import { noisyWav } from './crash.ts';
import { multipartBody } from './http.ts';
import type { Report } from './report.ts';
import { sleep, type ServerProcess } from './server-process.ts';

const SETTLE_MS = 5_000;

function isolatorTemporaryFiles(server: ServerProcess): string[] {
  return server.temporaryFiles();
}

/** Half an isolator upload, then the connection drops: whatever the server wrote for it must go. */
export async function runAbortedUpload(server: ServerProcess, client: ApiClient, accessToken: string, report: Report): Promise<void> {
  const before = isolatorTemporaryFiles(server).length;
  const form = multipartBody({}, { name: 'file', fileName: 'aborted.wav', contentType: 'audio/wav', bytes: noisyWav(60) });
  const base = new URL(server.baseUrl);
  const outgoing = http.request({
    host: base.hostname,
    port: base.port,
    method: 'POST',
    path: '/api/voice-isolator/jobs',
    agent: false,
    headers: {
      'content-type': form.contentType,
      'content-length': String(form.body.length),
      'x-csrf-token': await client.csrfToken(),
      authorization: `Bearer ${accessToken}`,
    },
  });
  outgoing.on('error', () => undefined); // the abort is the point
  outgoing.write(form.body.subarray(0, form.body.length / 2));
  // Let the server start writing the temporary file, then cut the connection mid-upload.
  const deadline = Date.now() + SETTLE_MS;
  while (isolatorTemporaryFiles(server).length === before && Date.now() < deadline) await sleep(50);
  const seenWhileUploading = isolatorTemporaryFiles(server).length > before;
  outgoing.destroy();

  const settle = Date.now() + SETTLE_MS;
  while (isolatorTemporaryFiles(server).length > before && Date.now() < settle) await sleep(100);
  const left = isolatorTemporaryFiles(server);
  report.check('upload: the server was receiving the isolator upload before the abort', seenWhileUploading);
  report.check('upload: an aborted isolator upload leaves no temporary file', left.length <= before, left.join(', '));
}

import { SpeechError } from '../../speech/types.ts';

/** What every upstream call needs: who it is (for messages), how long it may take, and the caller's abort. */
export interface UpstreamCall {
  /** The provider's configured name; messages and error details carry it, never its key or address. */
  provider: string;
  /** Time limit for the upstream to answer, and for each pause between two pieces of a streamed body. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * fetch with the provider's time limit, turning transport failures into SpeechErrors: no connection is
 * PROVIDER_UNAVAILABLE, no answer in time PROVIDER_TIMEOUT, an HTTP refusal PROVIDER_REFUSED. Messages name the
 * provider and the HTTP status only: the request (and its key) never reaches an error, so never a log either.
 */
export async function upstreamFetch(url: string, init: RequestInit, call: UpstreamCall): Promise<Response> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: call.signal ? AbortSignal.any([call.signal, timeout]) : timeout });
  } catch (error) {
    throw transportError(error, call, timeout);
  }
  if (!response.ok) throw await refusalOf(response, call.provider);
  return response;
}

function transportError(error: unknown, call: UpstreamCall, timeout: AbortSignal): SpeechError {
  if (call.signal?.aborted) return new SpeechError('ABORTED', 'Speech synthesis was aborted');
  if (timeout.aborted) {
    return new SpeechError('PROVIDER_TIMEOUT', `${call.provider} did not answer within ${call.timeoutMs} ms`, { provider: call.provider });
  }
  // undici hides the reason (ECONNREFUSED, ENOTFOUND...) in `cause`; its code is safe to keep, the address is not needed.
  const cause = error instanceof Error && error.cause && typeof error.cause === 'object' && 'code' in error.cause ? String(error.cause.code) : null;
  return new SpeechError('PROVIDER_UNAVAILABLE', `${call.provider} cannot be reached${cause ? ` (${cause})` : ''}`, {
    provider: call.provider,
    ...(cause ? { cause } : {}),
  });
}

/**
 * An HTTP error reply in our words. 400/404/422 are about this request (a voice or model the provider does not
 * have); everything else (401, 403, 429, 5xx) is the provider refusing to work for us now. Its body is not copied:
 * some providers echo the request, and with it what we sent.
 */
async function refusalOf(response: Response, provider: string): Promise<SpeechError> {
  await response.body?.cancel().catch(() => undefined);
  const details = { provider, httpStatus: response.status };
  if (response.status === 404) return new SpeechError('PROVIDER_VOICE_UNAVAILABLE', `${provider} has no such voice (HTTP 404)`, details);
  if (response.status === 400 || response.status === 422) {
    return new SpeechError('PROVIDER_INVALID_REQUEST', `${provider} refused the request's parameters (HTTP ${response.status})`, details);
  }
  return new SpeechError('PROVIDER_REFUSED', `${provider} refused the request (HTTP ${response.status})`, details);
}

/**
 * The body's pieces as they arrive; a pause longer than the time limit is PROVIDER_TIMEOUT, a broken connection
 * PROVIDER_UNAVAILABLE. Leaving early cancels the body so the connection does not stay open.
 */
export async function* bodyPieces(response: Response, call: UpstreamCall): AsyncGenerator<Uint8Array> {
  if (!response.body) return;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, call);
      if (done) return;
      if (value.length > 0) yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

async function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, call: UpstreamCall): ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SpeechError('PROVIDER_TIMEOUT', `${call.provider} stopped sending audio for ${call.timeoutMs} ms`, { provider: call.provider })),
      call.timeoutMs,
    );
  });
  try {
    return await Promise.race([reader.read(), stalled]);
  } catch (error) {
    if (error instanceof SpeechError) throw error;
    if (call.signal?.aborted) throw new SpeechError('ABORTED', 'Speech synthesis was aborted');
    throw new SpeechError('PROVIDER_UNAVAILABLE', `${call.provider} broke off the audio`, { provider: call.provider });
  } finally {
    clearTimeout(timer);
  }
}

/** A JSON reply of a voice listing, or null when it is not JSON. */
export async function jsonOf(response: Response): Promise<unknown> {
  return response.json().catch(() => null);
}

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_CHARACTER_MESSAGE, type DocumentReply, type IsolatorJob } from '@sound-studio/shared';
import type { DatabaseHandle } from './db/client.ts';
import { FIXTURE_RATE, multipart, wavOf, whiteNoise } from '../test/voice-lab.ts';
import { findNulCharacter } from './lib/zod-validation.ts';
import { dataOf, errorOf, openTestDatabase, TEST_ADMIN_TOKEN, TestApp, type RegisteredUser, type TestReply } from '../test/harness.ts';
import { englishProse } from '../test/speech.ts';

/**
 * PostgreSQL refuses U+0000 in text, so any NUL that reached a query answered 500. Every route of the OpenAPI document
 * gets a NUL in each part it reads (path, query, JSON body, form fields) and must refuse it with 400, before any query.
 */

const NUL = 'nul\u0000byte';
/** Longer than the editor takes, so the upload becomes a stored long-form job. */
const LONG_TEXT = englishProse(5050);
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, unknown> };
}

interface DocumentedRoute {
  method: Method;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[] | null;
  multipart: boolean;
}

let database: DatabaseHandle;
let t: TestApp;
let user: RegisteredUser;
let routes: DocumentedRoute[];

beforeAll(async () => {
  database = await openTestDatabase();
  t = await TestApp.start({ database });
  user = await t.register();
  const document = (await t.request({ url: '/api/docs/json' })).body as { paths: Record<string, Record<string, Operation>> };
  // The developer API under /v1 takes API keys and answers in OpenAI's and ElevenLabs' shapes: its own tests cover it.
  routes = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/')).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => documentedRoute(method.toUpperCase() as Method, path, operation)),
  );
});

afterAll(async () => {
  await t?.close();
  await database?.close();
});

function documentedRoute(method: Method, path: string, operation: Operation): DocumentedRoute {
  const parameters = operation.parameters ?? [];
  const content = operation.requestBody?.content ?? {};
  const jsonBody = content['application/json'] as { schema?: { properties?: Record<string, unknown> } } | undefined;
  return {
    method,
    path,
    pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
    queryParams: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
    bodyFields: jsonBody ? Object.keys(jsonBody.schema?.properties ?? {}) : null,
    multipart: 'multipart/form-data' in content,
  };
}

/** Well-formed values of the path parameters that are not ids. */
const WELL_FORMED_PARAMS: Record<string, () => string> = {
  '*': () => `tts/${user.session.user.id}/file.mp3`,
  name: () => 'free',
  provider: () => 'github',
};

/** A path with every parameter filled: NUL where asked, otherwise a well-formed value. */
function urlOf(route: DocumentedRoute, poisonedParam: string | null, query = ''): string {
  const path = route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (name === poisonedParam) return encodeURIComponent(NUL);
    return WELL_FORMED_PARAMS[name]?.() ?? randomUUID();
  });
  return query ? `${path}?${query}` : path;
}

function routeAt(method: Method, path: string): DocumentedRoute {
  const route = routes.find((candidate) => candidate.method === method && candidate.path === path);
  if (!route) throw new Error(`${method} ${path} is not documented`);
  return route;
}

function send(route: DocumentedRoute, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestReply> {
  return t.request({
    method: route.method,
    url,
    token: user.session.accessToken,
    headers: { 'x-admin-token': TEST_ADMIN_TOKEN, ...headers },
    ...(body === undefined ? {} : { body }),
  });
}

function expectNulRefused(reply: TestReply, label: string): void {
  expect(reply.statusCode, `${label}: ${reply.text}`).toBe(400);
  expect(errorOf(reply), label).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: NUL_CHARACTER_MESSAGE });
}

describe('a NUL character in any request string', () => {
  it('is refused with 400 in every path parameter of every documented route', async () => {
    const withParams = routes.filter((route) => route.pathParams.length > 0);
    expect(withParams.length).toBeGreaterThan(10);
    for (const route of withParams) {
      for (const param of route.pathParams) {
        const reply = await send(route, urlOf(route, param), route.bodyFields ? {} : undefined);
        expectNulRefused(reply, `${route.method} ${route.path} param ${param}`);
      }
    }
  });

  it('is refused with 400 in every query parameter of every documented route', async () => {
    const withQuery = routes.filter((route) => route.queryParams.length > 0);
    expect(withQuery.length).toBeGreaterThan(5);
    for (const route of withQuery) {
      for (const param of route.queryParams) {
        const reply = await send(route, urlOf(route, null, `${param}=${encodeURIComponent(NUL)}`), route.bodyFields ? {} : undefined);
        expectNulRefused(reply, `${route.method} ${route.path} query ${param}`);
      }
    }
  });

  it('is refused with 400 in every field of every JSON body, and in an undeclared key', async () => {
    const withBody = routes.filter((route) => route.bodyFields !== null);
    expect(withBody.length).toBeGreaterThan(15);
    for (const route of withBody) {
      for (const field of [...(route.bodyFields ?? []), `extra${NUL}`]) {
        const reply = await send(route, urlOf(route, null), { [field]: NUL });
        expectNulRefused(reply, `${route.method} ${route.path} body ${field}`);
      }
      const nested = await send(route, urlOf(route, null), { nested: [{ deeper: ['fine', NUL] }] });
      expectNulRefused(nested, `${route.method} ${route.path} nested body`);
    }
  });

  it('is refused with 4xx in the text fields of every multipart route', async () => {
    const multipartRoutes = routes.filter((route) => route.multipart);
    expect(multipartRoutes.map((route) => route.path).sort()).toEqual(['/api/tts/documents', '/api/voice-clone/voices', '/api/voice-isolator/jobs']);
    for (const route of multipartRoutes) {
      const fields = ['name', 'voiceId', 'previewText', 'language', 'consent', 'description'].map((name) => ({ name, value: NUL }));
      const form = multipart([...fields, { name: 'file', value: LONG_TEXT, fileName: 'story.txt', contentType: 'text/plain' }]);
      const reply = await send(route, urlOf(route, null), form.body, { 'content-type': form.contentType });
      expect(reply.statusCode, `${route.method} ${route.path}: ${reply.text}`).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, `${route.method} ${route.path}: ${reply.text}`).toBeLessThan(500);
      expect(errorOf(reply).success).toBe(false);
    }
  });

  it('is removed from uploaded file names before they are stored', async () => {
    const documentForm = multipart([
      { name: 'voiceId', value: 'en-us-madison' },
      { name: 'file', value: LONG_TEXT, fileName: `story${NUL}.txt`, contentType: 'text/plain' },
    ]);
    const document = await send(routeAt('POST', '/api/tts/documents'), '/api/tts/documents', documentForm.body, { 'content-type': documentForm.contentType });
    expect(dataOf<DocumentReply>(document).fileName).toBe('storynulbyte.txt');

    const isolatorForm = multipart([{ name: 'file', value: wavOf(whiteNoise(FIXTURE_RATE * 3, 0.2)), fileName: `noise${NUL}.wav` }]);
    const isolation = await send(routeAt('POST', '/api/voice-isolator/jobs'), '/api/voice-isolator/jobs', isolatorForm.body, { 'content-type': isolatorForm.contentType });
    expect(dataOf<IsolatorJob>(isolation).fileName).toBe('noisenulbyte.wav');
  });

  it('is refused at login, in the history search and in the featured query, the places that answered 500', async () => {
    const login = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: `a${NUL}@example.com`, password: 'whatever-1A!' } });
    expectNulRefused(login, 'login');
    const history = await t.request({ url: `/api/tts/history?q=${encodeURIComponent(NUL)}`, token: user.session.accessToken });
    expectNulRefused(history, 'history');
    const featured = await t.request({ url: `/api/public/discover?category=${encodeURIComponent(NUL)}` });
    expectNulRefused(featured, 'discover');
  });
});

describe('findNulCharacter', () => {
  it('finds the path of a NUL in values and keys and walks deep input without recursion', () => {
    expect(findNulCharacter({ a: [1, 'x', { b: NUL }] })).toEqual(['a', 2, 'b']);
    expect(findNulCharacter({ a: { [`k${NUL}`]: 1 } })).toEqual(['a']);
    expect(findNulCharacter({ a: ['clean', 2, true, null] })).toBeNull();
    let deep: unknown = NUL;
    for (let depth = 0; depth < 200_000; depth++) deep = [deep];
    expect(findNulCharacter(deep)).toHaveLength(200_000);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FastMusicEngine } from '@sound-studio/audio/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEFAULT_VOICE_NAME, MUSIC_TRACK_STATUSES, PLAN_TIERS, type MusicTrack } from '@sound-studio/shared';
import type { DatabaseHandle } from './db/client.ts';
import { settledTrack } from '../test/music.ts';
import { dataOf, openTestDatabase, STRONG_PASSWORD, TEST_ADMIN_TOKEN, TestApp, uniqueEmail, type RegisteredUser, type TestReply } from '../test/harness.ts';

// The featured rows need one rendered track; a loaded CI box renders several times slower than real time.
vi.setConfig({ testTimeout: 180_000 });

/**
 * Section 7 of the product spec ("The calls it makes") as a contract: every row of its call table is requested here
 * against the real app, and the reply fields the row names must sit exactly where the spec puts them.
 *
 * Where a field sits: section 7 says replies are "success true with data", so a row's fields are under `data`,
 * unless the row itself names `success` (list-grouped, preview, generate-tts: the fields sit beside `success`) or
 * spells its path (`data.cost`, `data`).
 */
/** The project's shared spec beside the repository when it is there (so a changed row fails at once), else our copy. */
const SHARED_SPEC_PATH = fileURLToPath(new URL('../../../../shared/spec/product-spec.md', import.meta.url));
const SPEC_PATH = existsSync(SHARED_SPEC_PATH)
  ? SHARED_SPEC_PATH
  : fileURLToPath(new URL('../../../docs/product-spec.md', import.meta.url));

interface SpecRow {
  /** The "Call" cell, e.g. "GET /voices/preview/{id}". */
  call: string;
  /** The "Reply use" cell. */
  replyUse: string;
}

/** The rows of section 7's call table, read from the spec's markdown. */
function specCallTable(markdown: string): SpecRow[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('7. '));
  if (!section) throw new Error(`no section 7 in ${SPEC_PATH}`);
  return section
    .split('\n')
    .filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE) \//.test(line))
    .map((line) => {
      const [call = '', , replyUse = ''] = line.split('|').slice(1, -1).map((cell) => cell.trim());
      return { call, replyUse };
    });
}

/**
 * Field paths into a reply body, each with what it must hold: segments joined by dots; `name[]` steps into every
 * item of a non-empty array (`data[]._id`: each item of `data` has an `_id`).
 */
type FieldChecks = Record<string, z.ZodType>;

interface Context {
  t: TestApp;
  user: RegisteredUser;
  /** The one POST /music/generate of the run (its reply), started on first use. */
  generated: () => Promise<TestReply>;
  /** That track, rendered and featured in mood/calm. */
  featuredTrack: () => Promise<MusicTrack>;
}

interface ContractRow extends SpecRow {
  status: number;
  /** Where the spec's fields sit in the success body; `success: true` is checked for every row. */
  fields: FieldChecks;
  request: (context: Context) => Promise<TestReply>;
  /** For rows whose reply use names `error`: a failing request; its body must carry `error` beside `success: false`. */
  failure?: (context: Context) => Promise<TestReply>;
}

const text = z.string().min(1);
const id = z.string().min(1);
const apiPath = z.string().startsWith('/api/');

const get = (context: Context, url: string, token?: string) => context.t.request({ url: `/api${url}`, token });
const send = (context: Context, method: 'POST' | 'PUT', url: string, body: unknown, token?: string) =>
  context.t.request({ method, url: `/api${url}`, body, token });

/** Section 7's table, row by row, in the spec's order. */
const CONTRACT: ContractRow[] = [
  {
    call: 'GET /auth/csrf-token',
    replyUse: 'token; falls back to a client-generated random token',
    status: 200,
    fields: { 'data.token': text },
    request: (c) => get(c, '/auth/csrf-token'),
  },
  {
    call: 'GET /auth/validate',
    replyUse: 'user with id',
    status: 200,
    fields: { 'data.user.id': id },
    request: (c) => get(c, '/auth/validate', c.user.session.accessToken),
  },
  {
    call: 'POST /auth/refresh',
    replyUse: 'accessToken, user',
    status: 200,
    fields: { 'data.accessToken': text, 'data.user.id': id },
    // Its own session: refreshing rotates the refresh token.
    request: async (c) => send(c, 'POST', '/auth/refresh', { refreshToken: (await c.t.register()).session.refreshToken }),
  },
  {
    call: 'POST /auth/login',
    replyUse: 'accessToken, refreshToken, user',
    status: 200,
    fields: { 'data.accessToken': text, 'data.refreshToken': text, 'data.user.id': id, 'data.user.email': text },
    request: (c) => send(c, 'POST', '/auth/login', { email: c.user.email, password: c.user.password }),
  },
  {
    call: 'POST /auth/register',
    replyUse: 'accessToken, refreshToken, user',
    status: 201,
    fields: { 'data.accessToken': text, 'data.refreshToken': text, 'data.user.id': id, 'data.user.credits': z.number().int() },
    request: (c) => send(c, 'POST', '/auth/register', { name: 'Contract Reader', email: uniqueEmail('contract'), password: STRONG_PASSWORD }),
  },
  {
    call: 'POST /auth/logout',
    replyUse: 'not shown',
    status: 200,
    fields: {},
    // Its own session: logging out revokes it.
    request: async (c) => send(c, 'POST', '/auth/logout', {}, (await c.t.register()).session.accessToken),
  },
  {
    call: 'GET /auth/me',
    replyUse: 'user.credits',
    status: 200,
    fields: { 'data.user.credits': z.number().int() },
    request: (c) => get(c, '/auth/me', c.user.session.accessToken),
  },
  {
    call: 'PUT /auth/update-profile',
    replyUse: 'on failure error',
    status: 200,
    fields: {},
    request: async (c) =>
      send(c, 'PUT', '/auth/update-profile', { name: 'Renamed Reader', email: uniqueEmail('renamed') }, (await c.t.register()).session.accessToken),
    failure: (c) => send(c, 'PUT', '/auth/update-profile', { name: 'Renamed Reader', email: 'not-an-email' }, c.user.session.accessToken),
  },
  {
    call: 'PUT /auth/change-password',
    replyUse: 'error on failure',
    status: 200,
    fields: {},
    request: async (c) =>
      send(
        c,
        'PUT',
        '/auth/change-password',
        { currentPassword: STRONG_PASSWORD, newPassword: 'Another-Meadow-77!' },
        (await c.t.register()).session.accessToken,
      ),
    failure: (c) =>
      send(c, 'PUT', '/auth/change-password', { currentPassword: 'Wrong-Password-99!', newPassword: 'Another-Meadow-77!' }, c.user.session.accessToken),
  },
  {
    call: 'GET /auth/plans',
    replyUse: 'list of plans',
    status: 200,
    fields: { 'data[]._id': id, 'data[].name': z.enum(PLAN_TIERS), 'data[].displayName': text, 'data[].credits.monthly': z.number().int() },
    request: (c) => get(c, '/auth/plans'),
  },
  {
    call: 'GET /public/discover?category=mood&limit=6',
    replyUse: 'data (array of featured items); failure gives empty list',
    status: 200,
    fields: { 'data[]._id': id, 'data[].title': text, 'data[].audioUrl': apiPath, 'data[].featured.artwork.cdnUrl': apiPath },
    request: async (c) => {
      await c.featuredTrack();
      return get(c, '/public/discover?category=mood&limit=6');
    },
  },
  {
    call: 'GET /music/models',
    replyUse: 'list (_id, displayName)',
    status: 200,
    fields: { 'data[]._id': id, 'data[].displayName': text },
    request: (c) => get(c, '/music/models'),
  },
  {
    call: 'GET /music/my-music',
    replyUse: 'items or array of tracks',
    status: 200,
    fields: { 'data.items[]._id': id, 'data.items[].status': z.enum(MUSIC_TRACK_STATUSES) },
    request: async (c) => {
      await c.generated();
      return get(c, '/music/my-music?page=1&limit=20', c.user.session.accessToken);
    },
  },
  {
    call: 'POST /music/generate',
    replyUse: 'a track',
    status: 201,
    fields: { 'data._id': id, 'data.title': text, 'data.prompt': text, 'data.status': z.enum(MUSIC_TRACK_STATUSES) },
    request: (c) => c.generated(),
  },
  {
    call: 'POST /music/credits/calculate',
    replyUse: 'data.cost; sent when a token exists and on each duration change',
    status: 200,
    fields: { 'data.cost': z.number().int().positive() },
    request: (c) => send(c, 'POST', '/music/credits/calculate', { service: 'music', duration: 60 }, c.user.session.accessToken),
  },
  {
    call: 'GET /music/featured/categories',
    replyUse: 'data',
    status: 200,
    fields: { data: z.record(z.string(), z.array(z.string())).refine((categories) => categories.mood?.includes('calm')) },
    request: async (c) => {
      await c.featuredTrack();
      return get(c, '/music/featured/categories');
    },
  },
  {
    call: 'GET /music/featured',
    replyUse: 'data',
    status: 200,
    fields: { 'data[]._id': id, 'data[].audioUrl': apiPath, 'data[].featured.artwork.cdnUrl': apiPath },
    request: async (c) => {
      await c.featuredTrack();
      return get(c, '/music/featured?category=mood&subcategory=calm&limit=6');
    },
  },
  {
    call: 'POST /music/featured/{id}/engage',
    replyUse: 'not shown',
    status: 200,
    fields: {},
    request: async (c) => send(c, 'POST', `/music/featured/${(await c.featuredTrack())._id}/engage`, { action: 'play' }),
  },
  {
    call: 'GET /music/{id}',
    replyUse: 'data (polling)',
    status: 200,
    fields: { 'data._id': id, 'data.status': z.enum(MUSIC_TRACK_STATUSES) },
    request: async (c) => get(c, `/music/${dataOf<MusicTrack>(await c.generated())._id}`, c.user.session.accessToken),
  },
  {
    call: 'GET /voices/list-grouped',
    replyUse: 'success, voices',
    status: 200,
    fields: { voices: z.array(z.unknown()).min(100), 'voices[]._id': id, 'voices[].name': text, 'voices[].previewUrl': apiPath },
    request: (c) => get(c, '/voices/list-grouped'),
  },
  {
    call: 'GET /voices/preview/{id}',
    replyUse: 'success, name, previewUrl',
    status: 200,
    fields: { name: text, previewUrl: apiPath },
    request: (c) => get(c, '/voices/preview/en-us-radiant-girl-sad'),
  },
  {
    call: 'POST /voices/generate-tts',
    replyUse: 'success, audioUrl, error',
    status: 200,
    fields: { audioUrl: apiPath },
    request: (c) =>
      send(c, 'POST', '/voices/generate-tts', { text: 'Hello from the contract.', voiceId: DEFAULT_VOICE_NAME, mood: 'sad' }, c.user.session.accessToken),
    failure: (c) => send(c, 'POST', '/voices/generate-tts', { text: '', voiceId: DEFAULT_VOICE_NAME }, c.user.session.accessToken),
  },
];

interface Located {
  values: unknown[];
  /** Set when a segment of the path is not there: what was missing, and in what. */
  missing?: string;
}

/** Every value at a field path of a reply body (several through `[]`), or what was missing on the way. */
function valuesAt(body: unknown, fieldPath: string): Located {
  let values: unknown[] = [body];
  for (const segment of fieldPath.split('.')) {
    const each = segment.endsWith('[]');
    const key = each ? segment.slice(0, -2) : segment;
    const next: unknown[] = [];
    for (const value of values) {
      if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) {
        return { values: [], missing: `"${key}" of ${fieldPath} in ${JSON.stringify(value)?.slice(0, 300)}` };
      }
      const child: unknown = (value as Record<string, unknown>)[key];
      if (!each) next.push(child);
      else if (Array.isArray(child) && child.length > 0) next.push(...(child as unknown[]));
      else return { values: [], missing: `items of ${key} (${fieldPath}): ${JSON.stringify(child)?.slice(0, 300)}` };
    }
    values = next;
  }
  return { values };
}

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The schema of a documented reply at a field path, following $ref and unions; null when the path is not documented. */
function documentedAt(document: OpenApiDocument, schema: JsonSchema, fieldPath: string): JsonSchema | null {
  const resolve = (node: JsonSchema): JsonSchema[] => {
    if (node.$ref) {
      const target = document.components?.schemas?.[node.$ref.replace('#/components/schemas/', '')];
      return target ? resolve(target) : [];
    }
    const branches = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
    return branches.length > 0 ? branches.flatMap(resolve) : [node];
  };
  let nodes = resolve(schema);
  for (const segment of fieldPath.split('.')) {
    const each = segment.endsWith('[]');
    const key = each ? segment.slice(0, -2) : segment;
    nodes = nodes.flatMap((node) => {
      const child = node.properties?.[key];
      if (!child) return [];
      return each ? resolve(child).flatMap((list) => (list.items ? resolve(list.items) : [])) : resolve(child);
    });
    if (nodes.length === 0) return null;
  }
  return nodes[0] ?? null;
}

/** "GET /public/discover?category=mood&limit=6" -> ["get", "/api/public/discover"]. */
function documentedRoute(call: string): [method: string, path: string] {
  const [method = '', target = ''] = call.split(' ');
  return [method.toLowerCase(), `/api${target.split('?')[0] ?? ''}`];
}

let database: DatabaseHandle;
let context: Context;

/** One shared promise per fixture, so every row that needs the track waits for the same one. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
}

beforeAll(async () => {
  database = await openTestDatabase();
  const t = await TestApp.start({
    database,
    env: { MUSIC_WORKERS: '1', JOB_CONCURRENCY: '1', SPEECH_WORKERS: '1' },
    musicEngine: new FastMusicEngine(),
  });
  const user = await t.register();
  const generated = once(() =>
    t.request({
      method: 'POST',
      url: '/api/music/generate',
      token: user.session.accessToken,
      body: { prompt: 'Calm piano with soft strings', modelId: 'music-2.0', duration: 30, lyrics: '' },
    }),
  );
  const featuredTrack = once(async () => {
    const track = await settledTrack(t, user, dataOf<MusicTrack>(await generated())._id);
    const featured = await t.request({
      method: 'POST',
      url: '/api/admin/music/featured',
      headers: { 'x-admin-token': TEST_ADMIN_TOKEN },
      csrf: false,
      body: { trackId: track._id, category: 'mood', subcategory: 'calm' },
    });
    if (featured.statusCode !== 200) throw new Error(`featuring the track failed: ${featured.statusCode} ${featured.text}`);
    return track;
  });
  context = { t, user, generated, featuredTrack };
});

afterAll(async () => {
  await context?.t.close();
  await database?.close();
});

describe('section 7 of the product spec: the calls it makes', () => {
  it("covers every row of the spec's call table, in order, with the spec's reply use", () => {
    const rows = specCallTable(readFileSync(SPEC_PATH, 'utf8'));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(CONTRACT.map(({ call, replyUse }) => ({ call, replyUse }))).toEqual(rows);
  });

  const byCall = CONTRACT.map((row) => [row.call, row] as const);
  it.each(byCall)('%s replies the fields the spec names where the spec puts them', async (_call, row) => {
    const reply = await row.request(context);
    expect(reply.statusCode, reply.text).toBe(row.status);
    expect(reply.body).toMatchObject({ success: true });
    for (const [fieldPath, check] of Object.entries(row.fields)) {
      const located = valuesAt(reply.body, fieldPath);
      expect(located.missing, `${row.call}: missing ${located.missing}`).toBeUndefined();
      for (const value of located.values) {
        expect(check.safeParse(value).success, `${row.call}: ${fieldPath} = ${JSON.stringify(value)?.slice(0, 200)}`).toBe(true);
      }
    }
  });

  const failing = CONTRACT.flatMap(({ call, failure }) => (failure ? [[call, failure] as const] : []));
  it.each(failing)('%s fails with error beside success: false', async (_call, failure) => {
    const reply = await failure(context);
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    expect(reply.body).toMatchObject({ success: false, error: expect.stringMatching(/\S/) });
  });

  it.each(byCall)('/api/docs documents the fields of %s where the spec puts them', async (_call, row) => {
    const document = (await context.t.request({ url: '/api/docs/json' })).body as OpenApiDocument;
    const [method, path] = documentedRoute(row.call);
    const schema = document.paths[path]?.[method]?.responses[String(row.status)]?.content?.['application/json']?.schema;
    expect(schema, `${method} ${path} ${row.status}`).toBeDefined();
    for (const fieldPath of ['success', ...Object.keys(row.fields)]) {
      expect(documentedAt(document, schema ?? {}, fieldPath), `${row.call}: ${fieldPath}`).not.toBeNull();
    }
  });
});

import type { ApiClient, ChaosUser } from './api-client.ts';
import { multipartBody, request } from './http.ts';
import { operationsOf, propertiesOf, resolve, type FuzzOperation, type JsonSchema, type OpenApiDocument } from './openapi.ts';
import type { ReplyAudit } from './reply-audit.ts';
import { SeededRandom } from './report.ts';
import { CHAOS_ADMIN_TOKEN } from './server-process.ts';

/**
 * Values for query strings and path segments, inserted as written (already escaped, or deliberately broken). None
 * contains an internal-path marker, so a server that echoes its input is not mistaken for one that leaks.
 */
const BAD_URL_VALUES = [
  '', '%00', 'a%00b', '%E0%A4%A', '%', '%ED%A0%80', '%FF%FE', '..%2F..%2F..%2Fetc%2Fpasswd', '../../../etc/passwd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '....//....//etc/passwd', '..%5C..%5Cwindows%5Cwin.ini', '-1', '0', '1.5',
  '9007199254740991', '99999999999999999999999999', '1e309', 'NaN', 'Infinity', 'true', 'null', '%5B%5D', '%7B%7D',
  '%27%20OR%20%271%27%3D%271', '%F0%9D%95%B3%F0%9F%8E%B5%E2%80%AE', 'x'.repeat(5000), '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

const BAD_JSON_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 9007199254740991, -9007199254740991, 1e308, -1e308, '', ' ', '\u0000', 'a\u0000b',
  'x'.repeat(100_000), '𝕳🎵\u202eٱ\uFEFF', '\ud800', '../../../../etc/passwd', '..\\..\\windows\\win.ini', '%00',
  '9007199254740991', '-1', 'NaN', '<script>alert(1)</script>', "' OR 1=1 --", [], [null], ['a', 'b'],
  new Array(2000).fill('x'), {}, { $ne: null }, { nested: { deeper: [1, { x: 'y' }] } },
];

const DEEP_JSON = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const WIDE_JSON = JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`k${index}`, index])));

/** Raw bodies sent instead of the operation's object, with the content type they claim. */
const WHOLE_BODIES: Array<{ name: string; contentType: string | null; body: string }> = [
  { name: 'null', contentType: 'application/json', body: 'null' },
  { name: 'array', contentType: 'application/json', body: '[]' },
  { name: 'string', contentType: 'application/json', body: '"text"' },
  { name: 'number', contentType: 'application/json', body: '9007199254740991' },
  { name: 'empty object', contentType: 'application/json', body: '{}' },
  { name: 'empty body', contentType: 'application/json', body: '' },
  { name: 'truncated json', contentType: 'application/json', body: '{"a":' },
  { name: 'deep nesting', contentType: 'application/json', body: DEEP_JSON },
  { name: 'wide object', contentType: 'application/json', body: WIDE_JSON },
  { name: 'prototype keys', contentType: 'application/json', body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}' },
  { name: 'NUL in json', contentType: 'application/json', body: '{"a":"\\u0000"}' },
  { name: 'text/plain', contentType: 'text/plain', body: 'hello' },
  { name: 'no content type', contentType: null, body: '{"a":1}' },
  { name: 'utf-16 charset', contentType: 'application/json; charset=utf-16', body: '{}' },
  { name: 'form urlencoded', contentType: 'application/x-www-form-urlencoded', body: 'a=1&a=2' },
];

const FILE_NAMES = ['../../../etc/passwd', 'a\u0000.pdf', `${'x'.repeat(1000)}.txt`, '𝕳🎵.docx', '.pdf', 'sample.txt', 'noise.wav'];

/** Authorization headers that are not a valid bearer token. */
const FORGED_AUTHORIZATIONS = [
  'Bearer ',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  'Basic Y2hhb3M6Y2hhb3M=',
  `Bearer ${'x'.repeat(8000)}`,
  'Bearer %00',
];

export interface FuzzCase {
  label: string;
  method: string;
  path: string;
  /** `forged` sends the case's own Authorization header. */
  identity: 'user' | 'anonymous' | 'forged';
  authorization?: string;
  contentType: string | null;
  body: Buffer | string | undefined;
  admin: boolean;
}

export interface FuzzContext {
  document: OpenApiDocument;
  /** Realistic values for well-known fields, so mutations of one field reach deeper than validation of others. */
  knownValues: Record<string, unknown>;
  seed: number;
}

/** Every fuzz case of every operation, shuffled per operation and interleaved so any prefix covers every route. */
export function buildCases(context: FuzzContext): { cases: FuzzCase[]; operations: number } {
  const random = new SeededRandom(context.seed);
  const operations = operationsOf(context.document);
  const perOperation = operations.map((operation) => random.shuffle(casesFor(operation, context, random)));
  const cases: FuzzCase[] = [];
  for (let index = 0; perOperation.some((list) => index < list.length); index += 1) {
    for (const list of perOperation) {
      const item = list[index];
      if (item) cases.push(item);
    }
  }
  return { cases, operations: operations.length };
}

function casesFor(operation: FuzzOperation, context: FuzzContext, random: SeededRandom): FuzzCase[] {
  const pathValues = Object.fromEntries(operation.pathParams.map((name) => [name, pathExample(name)]));
  const queryValues = Object.fromEntries(
    operation.queryParams.map(({ name, schema }) => [name, String(exampleOf(context, schema, name, 0) ?? '')]),
  );
  const drafts: Array<Omit<FuzzCase, 'identity' | 'admin' | 'label'> & { what: string }> = [];
  const draft = (what: string, path: string, contentType: string | null, body: Buffer | string | undefined) =>
    drafts.push({ what, method: operation.method, path, contentType, body });
  const validBody = operation.body?.kind === 'json' ? JSON.stringify(exampleOf(context, operation.body.schema, '', 0)) : undefined;
  const validType = validBody === undefined ? null : 'application/json';
  const urlWith = (paths: Record<string, string>, query: Record<string, string>, extra = '') =>
    fillPath(operation.template, paths) + queryString(query) + extra;

  draft('example', urlWith(pathValues, queryValues), validType, validBody);
  for (const name of operation.pathParams) {
    for (const value of BAD_URL_VALUES) draft(`path ${name}=${value.slice(0, 20)}`, urlWith({ ...pathValues, [name]: value }, queryValues), validType, validBody);
  }
  for (const { name } of operation.queryParams) {
    for (const value of BAD_URL_VALUES) draft(`query ${name}=${value.slice(0, 20)}`, urlWith(pathValues, { ...queryValues, [name]: value }), validType, validBody);
    draft(`query ${name} repeated`, urlWith(pathValues, queryValues, `&${name}=a&${name}=b`), validType, validBody);
    const { [name]: _omitted, ...withoutIt } = queryValues;
    draft(`query ${name} missing`, urlWith(pathValues, withoutIt), validType, validBody);
  }
  draft('unknown query', urlWith(pathValues, queryValues, '&__proto__[x]=1&constructor[prototype][y]=2'), validType, validBody);
  const url = urlWith(pathValues, queryValues);
  if (operation.body?.kind === 'json') jsonBodyCases(operation.body.schema, context, url, draft);
  if (operation.body?.kind === 'multipart') multipartCases(operation.body.schema, context, url, draft);

  const forged = FORGED_AUTHORIZATIONS.map((authorization, index): FuzzCase => ({
    method: operation.method,
    path: url,
    contentType: validType,
    body: validBody,
    identity: 'forged',
    authorization,
    admin: false,
    label: `${operation.method} ${operation.template} [forged] authorization #${index}`,
  }));
  return forged.concat(drafts.map(({ what, ...rest }) => {
    // Signing the fuzz user out would turn the rest of its cases into plain 401s.
    const drawn = random.next() < 0.7 ? 'user' : 'anonymous';
    const identity = operation.template === '/api/auth/logout' ? 'anonymous' : drawn;
    return { ...rest, identity, admin: operation.needsAdmin && identity === 'user', label: `${operation.method} ${operation.template} [${identity}] ${what}` };
  }));
}

type Draft = (what: string, path: string, contentType: string | null, body: Buffer | string | undefined) => void;

function jsonBodyCases(schema: JsonSchema, context: FuzzContext, url: string, draft: Draft): void {
  for (const whole of WHOLE_BODIES) draft(`body ${whole.name}`, url, whole.contentType, whole.body);
  const example = exampleOf(context, schema, '', 0);
  if (typeof example !== 'object' || example === null || Array.isArray(example)) return;
  const base = example as Record<string, unknown>;
  for (const field of Object.keys(propertiesOf(context.document, schema))) {
    const { [field]: _omitted, ...withoutField } = base;
    draft(`body ${field} missing`, url, 'application/json', JSON.stringify(withoutField));
    for (const value of BAD_JSON_VALUES) {
      draft(`body ${field}=${JSON.stringify(value)?.slice(0, 20)}`, url, 'application/json', JSON.stringify({ ...base, [field]: value }));
    }
  }
}

function multipartCases(schema: JsonSchema, context: FuzzContext, url: string, draft: Draft): void {
  const properties = propertiesOf(context.document, schema);
  const fileField = Object.keys(properties).find((name) => isBinary(context, properties[name] ?? {})) ?? 'file';
  // The other fields with plausible values (a clone's name and consent), so a bad file is what gets rejected.
  const baseFields = Object.fromEntries(
    Object.entries(properties)
      .filter(([name]) => name !== fileField)
      .map(([name, child]) => [name, String(exampleOf(context, child, name, 0))]),
  );
  const text = Buffer.from('Hello from the chaos suite.');
  const file = (fileName: string, bytes: Buffer = text) => ({ name: fileField, fileName, contentType: 'application/octet-stream', bytes });
  const send = (what: string, form: { body: Buffer; contentType: string }) => draft(what, url, form.contentType, form.body);

  draft('multipart as json', url, 'application/json', JSON.stringify({ ...baseFields, [fileField]: 'x' }));
  send('multipart without file', multipartBody(baseFields, null));
  for (const fileName of FILE_NAMES) send(`multipart file ${fileName.slice(0, 20)}`, multipartBody(baseFields, file(fileName)));
  send('multipart empty file', multipartBody(baseFields, file('empty.txt', Buffer.alloc(0))));
  send('multipart binary as txt', multipartBody(baseFields, file('sample.txt', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0]))));
  send('multipart wrong field name', multipartBody(baseFields, { ...file('sample.txt'), name: `${fileField}-other` }));
  const complete = multipartBody(baseFields, file('sample.txt'));
  draft('multipart truncated', url, complete.contentType, complete.body.subarray(0, complete.body.length - 20));
  draft('multipart without boundary', url, 'multipart/form-data', complete.body);
  draft('multipart wrong boundary', url, 'multipart/form-data; boundary=nope', complete.body);
  for (const field of Object.keys(baseFields)) {
    for (const value of BAD_JSON_VALUES.filter((candidate): candidate is string => typeof candidate === 'string')) {
      send(`multipart ${field}=${value.slice(0, 20)}`, multipartBody({ ...baseFields, [field]: value }, file('sample.txt')));
    }
  }
}

function isBinary(context: FuzzContext, input: JsonSchema): boolean {
  const schema = resolve(context.document, input);
  return schema.format === 'binary' || (schema.items !== undefined && isBinary(context, schema.items));
}

function pathExample(name: string): string {
  if (name === '*') return 'chaos/none.mp3';
  if (name === 'name') return 'free';
  return '00000000-0000-4000-8000-000000000000';
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '');
}

function queryString(values: Record<string, string>): string {
  const pairs = Object.entries(values).map(([name, value]) => `${encodeURIComponent(name)}=${value}`);
  return `?${pairs.join('&')}`;
}

/** A plausible value for a schema (enum, default, format, bounds); known field names get realistic values. */
function exampleOf(context: FuzzContext, input: JsonSchema, name: string, depth: number): unknown {
  if (name in context.knownValues) return context.knownValues[name];
  const schema = resolve(context.document, input);
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant?.length) return exampleOf(context, variant.find((option) => resolve(context.document, option).type !== 'null') ?? {}, name, depth + 1);
  if (schema.allOf?.length) return exampleOf(context, schema.allOf[0] ?? {}, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringExample(schema);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [exampleOf(context, schema.items ?? {}, '', depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [key, exampleOf(context, child, key, depth + 1)]),
      );
    default:
      return schema.properties ? exampleOf(context, { ...schema, type: 'object' }, name, depth) : 'chaos';
  }
}

function stringExample(schema: JsonSchema): string {
  if (schema.format === 'email') return 'fuzz-target@example.com';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'date-time') return '2030-01-01T00:00:00.000Z';
  if (schema.format === 'date') return '2030-01-01';
  return 'chaos'.padEnd(schema.minLength ?? 0, 'x');
}

export interface FuzzRunOptions {
  client: ApiClient;
  audit: ReplyAudit;
  cases: FuzzCase[];
  deadline: number;
  concurrency: number;
  /** A signed-in user with credits; replaced when a case signs it out (logout, password or email change). */
  signIn: () => Promise<ChaosUser>;
}

/** Sends cases in order with a few in flight until they run out or the deadline passes; returns how many were sent. */
export async function runCases(options: FuzzRunOptions): Promise<number> {
  let user = await options.signIn();
  let next = 0;
  let sinceCheck = 0;
  const worker = async () => {
    while (next < options.cases.length && Date.now() < options.deadline) {
      const fuzzCase = options.cases[next] as FuzzCase;
      next += 1;
      sinceCheck += 1;
      if (sinceCheck >= 200) {
        sinceCheck = 0;
        if (!(await stillSignedIn(options.client, user.session.accessToken))) user = await options.signIn();
      }
      await sendCase(options, fuzzCase, user.session.accessToken);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return next;
}

async function sendCase(options: FuzzRunOptions, fuzzCase: FuzzCase, accessToken: string): Promise<void> {
  const headers: Record<string, string> = { 'x-csrf-token': await options.client.csrfToken() };
  if (fuzzCase.identity === 'user') headers.authorization = `Bearer ${accessToken}`;
  if (fuzzCase.authorization !== undefined) headers.authorization = fuzzCase.authorization;
  if (fuzzCase.admin) headers['x-admin-token'] = CHAOS_ADMIN_TOKEN;
  if (fuzzCase.contentType) headers['content-type'] = fuzzCase.contentType;
  try {
    const reply = await request(options.client.baseUrl, {
      method: fuzzCase.method,
      path: fuzzCase.path,
      headers,
      body: fuzzCase.body,
      timeoutMs: 30_000,
    });
    options.audit.record(fuzzCase.label, reply);
  } catch (error) {
    options.audit.recordTransportError(fuzzCase.label, error);
  }
}

async function stillSignedIn(client: ApiClient, accessToken: string): Promise<boolean> {
  const reply = await client.send({ path: '/api/auth/me', token: accessToken }).catch(() => null);
  return reply?.status === 200;
}

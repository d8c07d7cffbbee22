import { readFileSync } from 'node:fs';

/**
 * MiniMax's documented request and reply examples and field rules, kept as JSON beside the fakes (minimax-fixtures/).
 * The fakes check requests and shape replies from these files alone and import nothing from the adapters, so an
 * adapter that sends or reads a field MiniMax does not document fails its tests instead of agreeing with itself.
 */

/** One documented request field; `fields` describes an object's own fields. */
export interface FieldRule {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
  required?: boolean;
  /** Required unless one of these sibling fields is true. */
  requiredUnless?: string[];
  /** Required when this sibling field is present. */
  requiredWith?: string;
  /** Required, whatever else is set, when the sibling `model` is one of these (or a variant such as `music-1.5-x`). */
  requiredForModels?: string[];
  /** Accepted only when the sibling `model` is one of these (or a variant of one). */
  onlyForModels?: string[];
  enum?: Array<string | number>;
  min?: number;
  max?: number;
  exclusiveMin?: number;
  minLength?: number;
  maxLength?: number;
  notBlank?: boolean;
  pattern?: string;
  fields?: Record<string, FieldRule>;
}

export type JsonObject = { [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

export interface JsonEndpointFixture {
  endpoint: string;
  source: string;
  request: { contentType: string; example: JsonObject; fields: Record<string, FieldRule> };
  reply: { example: JsonObject };
  /** The server-sent events a `stream: true` request gets (t2a_v2). */
  streamReply?: { contentType: string; chunkExample: JsonObject; finalExample: JsonObject };
}

export interface VoiceCloneFixture {
  source: string;
  upload: {
    endpoint: string;
    contentType: string;
    form: {
      purpose: { enum: string[]; cloneValue: string };
      file: { formats: string[]; minSeconds: number; maxSeconds: number; maxBytes: number };
    };
    replyExample: JsonObject;
  };
  clone: {
    endpoint: string;
    contentType: string;
    example: JsonObject;
    fields: Record<string, FieldRule>;
    replyExample: JsonObject;
    /** input_sensitive's other documented form: an object whose type 0 means not sensitive. */
    sensitiveObjectExample: JsonObject;
  };
}

export interface ErrorCodesFixture {
  source: string;
  replyExample: JsonObject;
  codes: Record<string, { code: number; message: string }>;
}

function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./minimax-fixtures/${name}`, import.meta.url), 'utf8')) as unknown;
}

export const T2A_FIXTURE = readFixture('t2a_v2.json') as JsonEndpointFixture;
export const MUSIC_FIXTURE = readFixture('music_generation.json') as JsonEndpointFixture;
export const VOICE_CLONE_FIXTURE = readFixture('voice_clone.json') as VoiceCloneFixture;
export const ERROR_CODES_FIXTURE = readFixture('error-codes.json') as ErrorCodesFixture;

/** A documented base_resp status code by its name in error-codes.json. */
export function minimaxStatus(name: string): { code: number; message: string } {
  const status = ERROR_CODES_FIXTURE.codes[name];
  if (!status) throw new Error(`error-codes.json documents no status named ${name}`);
  return status;
}

/** The documented error reply: HTTP 200 with a non-zero base_resp. */
export function errorReply(statusCode: number, statusMsg: string): JsonObject {
  return fillReply(ERROR_CODES_FIXTURE.replyExample, { trace_id: `fake-${Date.now().toString(16)}`, 'base_resp.status_code': statusCode, 'base_resp.status_msg': statusMsg });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(value: unknown, type: FieldRule['type']): boolean {
  switch (type) {
    case 'integer': return Number.isInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'array': return Array.isArray(value);
    case 'object': return isObject(value);
    default: return typeof value === type;
  }
}

function isTrue(body: Record<string, unknown>, names: string[] | undefined): boolean {
  return (names ?? []).some((name) => body[name] === true);
}

/** `music-2.6` covers `music-2.6` and its variants (`music-2.6-free`), never `music-2.60`. */
function modelIn(body: Record<string, unknown>, models: string[] | undefined): boolean {
  const model = body.model;
  return typeof model === 'string' && (models ?? []).some((listed) => model === listed || model.startsWith(`${listed}-`));
}

/** Every way `body` departs from the documented fields: unknown fields, missing required ones, wrong types and ranges. */
export function validateAgainst(fields: Record<string, FieldRule>, body: unknown, path = ''): string[] {
  if (!isObject(body)) return [`${path || 'body'} must be a JSON object`];
  const problems: string[] = [];
  for (const key of Object.keys(body)) {
    if (!(key in fields)) problems.push(`${path}${key} is not a documented field`);
  }
  for (const [key, rule] of Object.entries(fields)) {
    const value = body[key];
    const name = `${path}${key}`;
    if (value === undefined) {
      const required = (rule.requiredUnless ? !isTrue(body, rule.requiredUnless) : rule.required === true)
        || (rule.requiredWith !== undefined && body[rule.requiredWith] !== undefined)
        || modelIn(body, rule.requiredForModels);
      if (required) problems.push(rule.requiredForModels && modelIn(body, rule.requiredForModels) ? `${name} is required with model ${String(body.model)}` : `${name} is required`);
      continue;
    }
    if (rule.onlyForModels && !modelIn(body, rule.onlyForModels)) {
      problems.push(`${name} is only accepted with model ${rule.onlyForModels.join(', ')}`);
      continue;
    }
    problems.push(...valueProblems(name, rule, value));
  }
  return problems;
}

function valueProblems(name: string, rule: FieldRule, value: unknown): string[] {
  if (!hasType(value, rule.type)) return [`${name} must be ${rule.type === 'integer' ? 'an integer' : `a ${rule.type}`}`];
  if (rule.fields) return validateAgainst(rule.fields, value, `${name}.`);
  if (rule.enum && !rule.enum.includes(value as string | number)) return [`${name} must be one of ${rule.enum.join(', ')}`];
  if (typeof value === 'number') {
    const tooLow = (rule.min !== undefined && value < rule.min) || (rule.exclusiveMin !== undefined && value <= rule.exclusiveMin);
    if (tooLow || (rule.max !== undefined && value > rule.max)) return [`${name} is out of range`];
  }
  if (typeof value === 'string') {
    if (rule.notBlank && value.trim() === '') return [`${name} must not be blank`];
    if ((rule.minLength !== undefined && value.length < rule.minLength) || (rule.maxLength !== undefined && value.length > rule.maxLength)) {
      return [`${name} must be ${rule.minLength ?? 0}–${rule.maxLength ?? '∞'} characters`];
    }
    if (rule.pattern && !new RegExp(rule.pattern).test(value)) return [`${name} has the wrong format`];
  }
  return [];
}

/**
 * A reply shaped like the documented example with the given dotted paths filled in. A path the example does not have
 * throws: the fakes never answer with a field MiniMax does not document.
 */
export function fillReply(example: JsonObject, values: Record<string, JsonValue>): JsonObject {
  const reply = structuredClone(example);
  for (const [path, value] of Object.entries(values)) {
    const keys = path.split('.');
    const last = keys.pop() ?? '';
    let target: JsonValue = reply;
    for (const key of keys) target = isObject(target) ? ((target[key] as JsonValue | undefined) ?? null) : null;
    if (!isObject(target) || !(last in target)) throw new Error(`${path} is not in MiniMax's documented reply`);
    target[last] = value;
  }
  return reply;
}

import { readFileSync } from 'node:fs';

/**
 * Stripe's documented request parameters, object examples and event payloads, kept as JSON beside the fake
 * (stripe-fixtures/). The fake checks requests and builds replies and webhook events from these files alone and imports
 * nothing from the adapter, so an adapter that sends or reads a field Stripe does not document fails its tests instead
 * of agreeing with itself.
 */

export type JsonObject = { [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

/** One documented form parameter. Form values are strings on the wire; `integer` and `boolean` check their spelling. */
export interface ParamRule {
  type: 'string' | 'integer' | 'boolean' | 'enum' | 'object' | 'array' | 'map';
  required?: boolean;
  enum?: string[];
  min?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** object: its documented fields; anything else is an unknown parameter. */
  fields?: Record<string, ParamRule>;
  /** object: exactly one of each group must be present. */
  oneOf?: string[][];
  /** array: the rule of each element. */
  items?: ParamRule;
  /** map (metadata): free keys within these limits. */
  maxKeys?: number;
  keyMaxLength?: number;
  valueMaxLength?: number;
}

export interface FormEndpointFixture {
  /** `METHOD /path`, with `{id}` for a path parameter. */
  endpoint: string;
  source: string;
  request: {
    /** Where the parameters travel: the form body (POST, the default) or the query string (GET). */
    in?: 'body' | 'query';
    contentType: string;
    example: string;
    params: Record<string, ParamRule>;
    /** Groups of parameters that may not be sent together. */
    exclusive?: string[][];
    /** A parameter required when another has one of the listed values. */
    requiredWhen?: Record<string, Record<string, string[]>>;
  };
  reply: { example: JsonObject };
}

export interface ErrorsFixture {
  source: string;
  replyExample: { error: JsonObject };
  authentication: { httpStatus: number; type: string; message: string };
  invalidRequest: { httpStatus: number; type: string };
  idempotency: { httpStatus: number; type: string };
  /** A problem on Stripe's side (a 5xx). */
  apiError: { type: string; message: string };
}

export interface WebhooksFixture {
  source: string;
  header: string;
  headerExample: string;
  timestampKey: string;
  signatureScheme: string;
  signedPayload: string;
  algorithm: string;
  toleranceSeconds: number;
  contentType: string;
  secretPrefix: string;
  eventExample: JsonObject;
}

export interface EventFixture {
  source: string;
  event: JsonObject;
}

function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./stripe-fixtures/${name}`, import.meta.url), 'utf8')) as unknown;
}

export const CHECKOUT_SESSIONS_FIXTURE = readFixture('checkout_sessions.json') as FormEndpointFixture;
export const CHECKOUT_SESSIONS_EXPIRE_FIXTURE = readFixture('checkout_sessions_expire.json') as FormEndpointFixture;
export const CHECKOUT_SESSIONS_RETRIEVE_FIXTURE = readFixture('checkout_sessions_retrieve.json') as FormEndpointFixture;
export const BILLING_PORTAL_SESSIONS_FIXTURE = readFixture('billing_portal_sessions.json') as FormEndpointFixture;
export const SUBSCRIPTIONS_UPDATE_FIXTURE = readFixture('subscriptions_update.json') as FormEndpointFixture;
export const SUBSCRIPTIONS_RETRIEVE_FIXTURE = readFixture('subscriptions_retrieve.json') as FormEndpointFixture;
export const SUBSCRIPTIONS_CANCEL_FIXTURE = readFixture('subscriptions_cancel.json') as FormEndpointFixture;
export const REFUNDS_FIXTURE = readFixture('refunds.json') as FormEndpointFixture;
export const INVOICE_PAYMENTS_FIXTURE = readFixture('invoice_payments.json') as FormEndpointFixture;
export const ERRORS_FIXTURE = readFixture('errors.json') as ErrorsFixture;
export const WEBHOOKS_FIXTURE = readFixture('webhooks.json') as WebhooksFixture;

/** The documented event types with a payload fixture in stripe-fixtures/events/. */
export const EVENT_TYPES = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.created',
] as const;
export type FixtureEventType = (typeof EVENT_TYPES)[number];

export function eventFixture(type: FixtureEventType): EventFixture {
  return readFixture(`events/${type}.json`) as EventFixture;
}

/** A parsed form body: bracketed keys (`a[b][0]=x`, as Stripe's API takes them) become nested objects and arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseForm(body: string): { [key: string]: FormValue } {
  const root: { [key: string]: FormValue } = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    setPath(root, path, value);
  }
  return arraysFromIndexes(root) as { [key: string]: FormValue };
}

function setPath(target: { [key: string]: FormValue }, path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const next = target[head];
  const child = typeof next === 'object' && !Array.isArray(next) ? next : {};
  target[head] = child;
  setPath(child, rest, value);
}

/** Objects whose keys are 0..n-1 are arrays (`line_items[0][price]`). */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromIndexes(value[key] as FormValue)]));
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isList ? keys.map((key) => converted[key] as FormValue) : converted;
}

/** One way a request departs from the documented parameters, in Stripe's error terms. */
export interface ParamProblem {
  code: 'parameter_unknown' | 'parameter_missing' | 'parameter_invalid_integer' | 'parameter_invalid_empty' | 'parameter_invalid' | 'parameters_exclusive';
  param: string;
  message: string;
}

/** Every way a parsed form body departs from the fixture's documented parameters (empty when it conforms). */
export function validateForm(fixture: FormEndpointFixture, form: { [key: string]: FormValue }): ParamProblem[] {
  const { params, exclusive = [], requiredWhen = {} } = fixture.request;
  const problems = validateObject({ type: 'object', fields: params }, form, '');
  for (const group of exclusive) {
    const present = group.filter((name) => form[name] !== undefined);
    if (present.length > 1) problems.push({ code: 'parameters_exclusive', param: present.join(', '), message: `You may only specify one of these parameters: ${group.join(', ')}.` });
  }
  for (const [name, conditions] of Object.entries(requiredWhen)) {
    const applies = Object.entries(conditions).some(([other, values]) => values.includes(String(form[other])));
    if (applies && form[name] === undefined) problems.push({ code: 'parameter_missing', param: name, message: `Missing required param: ${name}.` });
  }
  return problems;
}

function validateValue(rule: ParamRule, value: FormValue, name: string): ParamProblem[] {
  if (rule.type === 'object') return validateObject(rule, value, name);
  if (rule.type === 'array') return validateArray(rule, value, name);
  if (rule.type === 'map') return validateMap(rule, value, name);
  if (typeof value !== 'string') return [invalid(name, `Invalid ${rule.type}: expected a scalar value`)];
  return validateScalar(rule, value, name);
}

function validateScalar(rule: ParamRule, value: string, name: string): ParamProblem[] {
  if (value === '' && rule.type !== 'string') return [{ code: 'parameter_invalid_empty', param: name, message: `You passed an empty string for '${name}'.` }];
  if (rule.type === 'integer') {
    if (!/^-?\d+$/.test(value)) return [{ code: 'parameter_invalid_integer', param: name, message: `Invalid integer: ${value}` }];
    if (rule.min !== undefined && Number(value) < rule.min) return [invalid(name, `${name} must be at least ${rule.min}`)];
  }
  if (rule.type === 'boolean' && value !== 'true' && value !== 'false') return [invalid(name, `Invalid boolean: ${value}`)];
  if (rule.type === 'enum' && !(rule.enum ?? []).includes(value)) return [invalid(name, `Invalid ${name}: must be one of ${(rule.enum ?? []).join(', ')}`)];
  if (rule.minLength !== undefined && value.length < rule.minLength) return [{ code: 'parameter_invalid_empty', param: name, message: `You passed an empty string for '${name}'.` }];
  if (rule.maxLength !== undefined && value.length > rule.maxLength) return [invalid(name, `${name} must be at most ${rule.maxLength} characters`)];
  if (rule.pattern !== undefined && !new RegExp(rule.pattern).test(value)) return [invalid(name, `Invalid ${name}: ${value}`)];
  return [];
}

function validateObject(rule: ParamRule, value: FormValue, name: string): ParamProblem[] {
  if (typeof value !== 'object' || Array.isArray(value)) return [invalid(name, `Invalid object: ${name}`)];
  const fields = rule.fields ?? {};
  const problems: ParamProblem[] = [];
  for (const [key, child] of Object.entries(value)) {
    const childName = name ? `${name}[${key}]` : key;
    const childRule = fields[key];
    if (!childRule) problems.push({ code: 'parameter_unknown', param: childName, message: `Received unknown parameter: ${childName}` });
    else problems.push(...validateValue(childRule, child, childName));
  }
  for (const [key, childRule] of Object.entries(fields)) {
    const childName = name ? `${name}[${key}]` : key;
    if (childRule.required && value[key] === undefined) problems.push({ code: 'parameter_missing', param: childName, message: `Missing required param: ${childName}.` });
  }
  for (const group of rule.oneOf ?? []) {
    const present = group.filter((key) => value[key] !== undefined);
    if (present.length !== 1) problems.push(invalid(name, `${name} needs exactly one of: ${group.join(', ')}`));
  }
  return problems;
}

function validateArray(rule: ParamRule, value: FormValue, name: string): ParamProblem[] {
  if (!Array.isArray(value)) return [invalid(name, `Invalid array: ${name} (send it as ${name}[0], ${name}[1], ...)`)];
  const items = rule.items;
  return items ? value.flatMap((item, index) => validateValue(items, item, `${name}[${index}]`)) : [];
}

function validateMap(rule: ParamRule, value: FormValue, name: string): ParamProblem[] {
  if (typeof value !== 'object' || Array.isArray(value)) return [invalid(name, `Invalid hash: ${name}`)];
  const entries = Object.entries(value);
  const problems: ParamProblem[] = [];
  if (rule.maxKeys !== undefined && entries.length > rule.maxKeys) problems.push(invalid(name, `${name} can have at most ${rule.maxKeys} keys`));
  for (const [key, item] of entries) {
    if (rule.keyMaxLength !== undefined && key.length > rule.keyMaxLength) problems.push(invalid(`${name}[${key}]`, `Keys of ${name} must be at most ${rule.keyMaxLength} characters`));
    if (typeof item !== 'string') problems.push(invalid(`${name}[${key}]`, `Values of ${name} must be strings`));
    else if (rule.valueMaxLength !== undefined && item.length > rule.valueMaxLength) problems.push(invalid(`${name}[${key}]`, `Values of ${name} must be at most ${rule.valueMaxLength} characters`));
  }
  return problems;
}

function invalid(param: string, message: string): ParamProblem {
  return { code: 'parameter_invalid', param, message };
}

/** A deep copy of `example` with dotted paths set (`data.object.client_reference_id`); a path must already exist. */
export function fillObject(example: JsonObject, values: Record<string, JsonValue>): JsonObject {
  const copy = structuredClone(example);
  for (const [path, value] of Object.entries(values)) {
    const keys = path.split('.');
    const last = keys.pop() as string;
    let target: JsonValue = copy;
    for (const key of keys) target = childOf(target, key, path);
    if (typeof target !== 'object' || target === null || !(last in target)) throw new Error(`the documented example has no ${path}`);
    (target as Record<string, JsonValue>)[last] = value;
  }
  return copy;
}

function childOf(target: JsonValue, key: string, path: string): JsonValue {
  const child = typeof target === 'object' && target !== null ? (target as Record<string, JsonValue>)[key] : undefined;
  if (child === undefined || child === null || typeof child !== 'object') throw new Error(`the documented example has no ${path}`);
  return child;
}

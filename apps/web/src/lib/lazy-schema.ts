import type { z } from 'zod';
import { nextTask } from './idle.ts';

/**
 * A schema that loads on first use. Validation needs zod's runtime (about 25 KB gzip); the first page draws without
 * it and fetches it when the user starts typing or the first request that validates a reply goes out.
 */
export interface LazySchema<Schema extends z.ZodType> {
  readonly loadSchema: () => Promise<Schema>;
}

/** `load` run once and its promise kept; a failed load is forgotten, so the next call tries again (a network blip). */
function onceUntilFailure<Value>(load: () => Promise<Value>): () => Promise<Value> {
  let loading: Promise<Value> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/**
 * zod's runtime, run in a task of its own before the first schemas are built: a boot with a stored session ran both in
 * the task that checks the session's reply (about 25 ms on a 2-core machine, four times that on Lighthouse's phone).
 */
const loadZodRuntime = onceUntilFailure(() => import('zod').then(() => nextTask()));

export function lazySchema<Schema extends z.ZodType>(load: () => Promise<Schema>): LazySchema<Schema> {
  return { loadSchema: onceUntilFailure(() => loadZodRuntime().then(load)) };
}

/** The names of a module's exports that are schemas. */
type SchemaKeys<Module> = { [Key in keyof Module]: Module[Key] extends z.ZodType ? Key : never }[keyof Module];

/**
 * Schemas of one module that loads on first use (`const schemas = lazySchemasFrom(() => import('./x-schemas.ts'))`,
 * then `schemas('fooSchema')`). A feature's replies are validated with schemas that a page loading the feature need not
 * build at once: zod builds every schema of a module as it runs, and the studio's first load ran those of billing,
 * speech history and custom voices inside the task that drew its page.
 */
export function lazySchemasFrom<Module>(load: () => Promise<Module>) {
  return <Key extends SchemaKeys<Module>>(key: Key): LazySchema<Module[Key] & z.ZodType> =>
    lazySchema(() => load().then((module) => module[key] as Module[Key] & z.ZodType));
}

export type SchemaSource<Schema extends z.ZodType> = Schema | LazySchema<Schema>;

export function isLazySchema<Schema extends z.ZodType>(source: SchemaSource<Schema>): source is LazySchema<Schema> {
  return 'loadSchema' in source;
}

export function resolveSchema<Schema extends z.ZodType>(source: SchemaSource<Schema>): Promise<Schema> {
  return isLazySchema(source) ? source.loadSchema() : Promise.resolve(source);
}

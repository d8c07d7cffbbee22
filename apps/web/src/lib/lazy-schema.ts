import type { z } from 'zod';

/**
 * A schema that loads on first use. Validation needs zod's runtime (about 25 KB gzip); the first page draws without
 * it and fetches it when the user starts typing or the first request that validates a reply goes out.
 */
export interface LazySchema<Schema extends z.ZodType> {
  readonly loadSchema: () => Promise<Schema>;
}

export function lazySchema<Schema extends z.ZodType>(load: () => Promise<Schema>): LazySchema<Schema> {
  let loading: Promise<Schema> | null = null;
  return {
    loadSchema: () => {
      loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
  };
}

export type SchemaSource<Schema extends z.ZodType> = Schema | LazySchema<Schema>;

export function isLazySchema<Schema extends z.ZodType>(source: SchemaSource<Schema>): source is LazySchema<Schema> {
  return 'loadSchema' in source;
}

export function resolveSchema<Schema extends z.ZodType>(source: SchemaSource<Schema>): Promise<Schema> {
  return isLazySchema(source) ? source.loadSchema() : Promise.resolve(source);
}

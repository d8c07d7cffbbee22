/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  format?: string;
  pattern?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, unknown>>;
}

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<string, Operation>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface FuzzOperation {
  method: string;
  /** The path template as the document writes it, e.g. /api/voices/{id}. */
  template: string;
  pathParams: string[];
  queryParams: Array<{ name: string; schema: JsonSchema }>;
  body: { kind: 'json'; schema: JsonSchema } | { kind: 'multipart'; schema: JsonSchema } | null;
  needsAdmin: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every API operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    if (!template.startsWith('/api/') || template.startsWith('/api/docs')) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const jsonSchema = content['application/json']?.schema;
      const multipartSchema = content['multipart/form-data']?.schema;
      operations.push({
        method: method.toUpperCase(),
        template,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        queryParams: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
        body: multipartSchema
          ? { kind: 'multipart', schema: multipartSchema }
          : jsonSchema
            ? { kind: 'json', schema: jsonSchema }
            : null,
        needsAdmin: (operation.security ?? []).some((requirement) => 'adminToken' in requirement),
      });
    }
  }
  return operations;
}

/** Follows `#/components/schemas/...` references. */
export function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    const name = current.$ref.split('/').pop() ?? '';
    current = document.components?.schemas?.[name] ?? {};
  }
  return current;
}

/** The object properties of a (resolved) body schema, looking through anyOf/allOf wrappers. */
export function propertiesOf(document: OpenApiDocument, schema: JsonSchema): Record<string, JsonSchema> {
  const resolved = resolve(document, schema);
  if (resolved.properties) return resolved.properties;
  const variants = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])];
  return Object.assign({}, ...variants.map((variant) => propertiesOf(document, variant))) as Record<string, JsonSchema>;
}

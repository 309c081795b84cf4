/** Reading the contract: schemas with their $refs resolved, per operation. */
import { openapi } from './openapi';

type Schema = Record<string, unknown>;
export type Method = 'get' | 'post' | 'put' | 'delete';

interface Operation {
  parameters?: readonly { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: { 'application/json': { schema: Schema } } }>;
}

const components = openapi.components.schemas as Record<string, Schema>;

/** Inlines every `#/components/schemas/X` reference (the contract has no cycles). */
export function resolveRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(resolveRefs);
  if (typeof schema !== 'object' || schema === null) return schema;
  const record = schema as Schema;
  if (typeof record.$ref === 'string') {
    const name = record.$ref.replace('#/components/schemas/', '');
    const target = components[name];
    if (!target) throw new Error(`unknown schema ${record.$ref}`);
    return resolveRefs(target);
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, resolveRefs(v)]));
}

export function operation(method: Method, path: string): Operation {
  const item = (openapi.paths as Record<string, Record<string, unknown>>)[path];
  const op = item?.[method] as Operation | undefined;
  if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the contract`);
  const shared = (item?.parameters ?? []) as Operation['parameters'];
  return { ...op, parameters: [...(shared ?? []), ...(op.parameters ?? [])] };
}

export function requestBodySchema(method: Method, path: string): Schema | undefined {
  const body = operation(method, path).requestBody?.content['application/json'].schema;
  return body ? (resolveRefs(body) as Schema) : undefined;
}

export function responseSchema(method: Method, path: string, status: number): Schema | undefined {
  const { responses } = operation(method, path);
  const response = responses[String(status)] ?? (status >= 400 ? responses.default : undefined);
  const schema = response?.content?.['application/json'].schema;
  return schema ? (resolveRefs(schema) as Schema) : undefined;
}

/** The path parameters as one object schema (for a server's route validation). */
export function paramsSchema(method: Method, path: string): Schema | undefined {
  const params = (operation(method, path).parameters ?? []).filter((p) => p.in === 'path');
  if (params.length === 0) return undefined;
  return {
    type: 'object',
    required: params.map((p) => p.name),
    properties: Object.fromEntries(params.map((p) => [p.name, resolveRefs(p.schema)])),
  };
}

/**
 * The query parameters as one object schema (for a server's route validation): no parameter
 * the operation does not name.
 */
export function querySchema(method: Method, path: string): Schema | undefined {
  const params = (operation(method, path).parameters ?? []).filter((p) => p.in === 'query');
  if (params.length === 0) return undefined;
  return {
    type: 'object',
    additionalProperties: false,
    required: params.filter((p) => p.required).map((p) => p.name),
    properties: Object.fromEntries(params.map((p) => [p.name, resolveRefs(p.schema)])),
  };
}

/** '/v1/saved-search/abc' → '/v1/saved-search/{uuid}' */
export function templateOf(concretePath: string): string | undefined {
  const pathname = concretePath.split('?')[0]!.replace(/^\/wp-json\/sw-immosuite/, '');
  for (const template of Object.keys(openapi.paths)) {
    const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`^${escaped.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(pathname)) return template;
  }
  return undefined;
}

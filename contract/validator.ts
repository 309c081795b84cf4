/** Ajv validation against the contract, for the tests of both sides. */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { openapi } from './openapi';
import { requestBodySchema, resolveRefs, responseSchema, templateOf, type Method } from './schema';

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const cache = new Map<string, ValidateFunction>();

function compiled(key: string, schema: Record<string, unknown>): ValidateFunction {
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    cache.set(key, validate);
  }
  return validate;
}

export type Conformance = { ok: true } | { ok: false; errors: string };

function check(
  key: string,
  schema: Record<string, unknown> | undefined,
  value: unknown,
): Conformance {
  if (!schema) return { ok: false, errors: `${key}: no schema in the contract` };
  const validate = compiled(key, schema);
  return validate(value) ? { ok: true } : { ok: false, errors: ajv.errorsText(validate.errors) };
}

export function requestConforms(method: Method, path: string, body: unknown): Conformance {
  const template = templateOf(path);
  if (!template) return { ok: false, errors: `${path} is not in the contract` };
  return check(`req ${method} ${template}`, requestBodySchema(method, template), body);
}

export function responseConforms(
  method: Method,
  path: string,
  status: number,
  body: unknown,
): Conformance {
  const template = templateOf(path);
  if (!template) return { ok: false, errors: `${path} is not in the contract` };
  return check(
    `res ${method} ${template} ${status}`,
    responseSchema(method, template, status),
    body,
  );
}

/** A webhook's body against the contract's webhooks section. */
export function webhookConforms(event: string, body: unknown): Conformance {
  const item = (openapi.webhooks as Record<string, { post: { requestBody: unknown } }>)[event];
  if (!item) return { ok: false, errors: `${event} is not a webhook of the contract` };
  const schema = resolveRefs(
    (item.post.requestBody as { content: { 'application/json': { schema: unknown } } }).content[
      'application/json'
    ].schema,
  ) as Record<string, unknown>;
  return check(`webhook ${event}`, schema, body);
}

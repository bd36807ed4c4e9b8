import type { FastifySchemaValidationError } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

type Validated = { value?: unknown; error?: Error | FastifySchemaValidationError[] };

/** Path parameters and query strings with more fields than this are validated every time. */
const MAX_REMEMBERED_FIELDS = 4;

/**
 * The fields of a path's parameters or a query string as [name, value, name, value, …], or
 * undefined when they are anything but a few strings.
 */
function fieldsOf(data: unknown): string[] | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const fields: string[] = [];
  for (const name in data) {
    const value = (data as Record<string, unknown>)[name];
    if (typeof value !== 'string' || fields.length >= 2 * MAX_REMEMBERED_FIELDS) return undefined;
    fields.push(name, value);
  }
  return fields;
}

/** Whether `data` has exactly the fields `fields` lists, with the same values (no allocation). */
function sameFields(data: unknown, fields: readonly string[]): boolean {
  if (data === null || typeof data !== 'object') return false;
  let at = 0;
  for (const name in data) {
    if (at >= fields.length || name !== fields[at]) return false;
    if ((data as Record<string, unknown>)[name] !== fields[at + 1]) return false;
    at += 2;
  }
  return at === fields.length;
}

/**
 * A route's zod validator that remembers the last valid path parameters and query it checked:
 * the same fields again (a list's `/en` with no query, asked for thousands of times a second)
 * get the same result at once, a frozen object, instead of zod's checks and defaults again
 * (~0.6 µs a request for the two; docs/budgets.md "List endpoints"). Other parts (headers,
 * bodies) and anything that is not a few strings are validated as always. Only for routes that
 * read their params and query without changing them: the object is shared.
 */
export function rememberingValidatorCompiler<Schema>(
  route: FastifyRouteSchemaDef<Schema>,
): (data: unknown) => Validated {
  // Each part's schema is one of the route's zod schemas (the type names the route's whole set).
  const validate = validatorCompiler(route as unknown as FastifyRouteSchemaDef<ZodType>) as (
    data: unknown,
  ) => Validated;
  if (route.httpPart !== 'params' && route.httpPart !== 'querystring') return validate;
  let lastFields: readonly string[] | undefined;
  let lastResult: Validated | undefined;
  return (data: unknown) => {
    // The same fields in the same order as the last valid ones: compared without a copy.
    if (lastFields !== undefined && lastResult !== undefined && sameFields(data, lastFields)) {
      return lastResult;
    }
    const result = validate(data);
    const fields = fieldsOf(data);
    if (fields !== undefined && result.error === undefined) {
      lastFields = fields;
      lastResult = { value: Object.freeze(result.value) };
      return lastResult;
    }
    return result;
  };
}

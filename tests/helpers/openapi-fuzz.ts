import fc from 'fast-check';

/**
 * Request generators for the property-based fuzz of the API (tests/server/fuzz-openapi.test.ts):
 * every operation of the OpenAPI document, with values that follow its schemas, values that
 * break them, and bodies that break the transport (malformed JSON, broken multipart).
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. `/api/v1/wave/thread/{wave_name}`. */
  path: string;
  parameters: OpenApiParameter[];
  /** The JSON body's schema, when the operation takes JSON. */
  jsonBody: JsonSchema | null;
  /** Whether a success is answered in the envelope (some wire formats are not, e.g. ALTCHA's). */
  envelopeOnSuccess: boolean;
}

/** Every operation of an OpenAPI document. */
export function operationsOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const success = operation.responses?.['200']?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        jsonBody: operation.requestBody?.content?.['application/json']?.schema ?? null,
        envelopeOnSuccess: Boolean(
          success?.properties?.['success'] && success.properties['message'],
        ),
      });
    }
  }
  return operations;
}

/** Strings that have broken servers before: empty, huge, control characters, injections. */
const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '%',
  '%00',
  '\u0000',
  '../../etc/passwd',
  'a'.repeat(101),
  'ä'.repeat(300),
  'x'.repeat(5000),
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '__proto__',
  'constructor',
  '😀'.repeat(20),
  '\uD800',
);

const anyString = fc.oneof(
  hostileStrings,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Numbers past the 32-bit columns of PostgreSQL, past safe integers, and odd ones. */
const hostileNumbers = fc.constantFrom(
  2 ** 31,
  2 ** 32,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  2 ** 63,
  1e308,
  -0,
  0.5,
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  anyString,
  hostileNumbers,
  hostileNumbers.map(String),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Values a schema accepts (mostly), so requests get past validation into the services. */
export function validOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return hostileValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validOf(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.pattern) {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((value) =>
            schema.maxLength === undefined ? true : value.length <= schema.maxLength,
          );
      }
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 60, 60),
      });
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      const low = schema.exclusiveMinimum === true ? min + 1 : min;
      // Small values mostly (they name rows that exist); the schema's extremes now and then.
      const small = Math.min(max, Math.max(low, 1_000_000));
      const extremes = fc.constantFrom(low, max, Math.floor((low + max) / 2));
      return type === 'integer'
        ? fc.oneof(
            { weight: 3, arbitrary: fc.integer({ min: Math.ceil(low), max: Math.floor(small) }) },
            { weight: 1, arbitrary: extremes.map(Math.floor) },
          )
        : fc.double({ min: low, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validOf(schema.items, depth + 1), { maxLength: 4 });
    case 'object':
      return objectOf(schema, depth);
    default:
      return hostileValue;
  }
}

/** A value for one field: known good values, schema-shaped values, or hostile ones. */
function fieldValue(schema: JsonSchema | undefined, known: readonly unknown[] | undefined) {
  const choices: fc.WeightedArbitrary<unknown>[] = [
    { weight: 4, arbitrary: validOf(schema) },
    { weight: 2, arbitrary: hostileValue },
  ];
  if (known?.length) choices.push({ weight: 4, arbitrary: fc.constantFrom(...known) });
  return fc.oneof(...choices);
}

function objectOf(
  schema: JsonSchema,
  depth: number,
  known: Record<string, readonly unknown[]> = {},
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    record[name] = depth === 0 ? fieldValue(property, known[name]) : validOf(property, depth + 1);
  }
  const required = (schema.required ?? []).filter((name) => name in record);
  return fc
    .tuple(
      fc.record(record, { requiredKeys: required }),
      fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 }),
      fc.boolean(),
    )
    .map(([value, extra, withExtra]) => (withExtra ? { ...extra, ...value } : value));
}

export interface FuzzBody {
  contentType?: string;
  payload?: string | Buffer;
}

const CRLF = '\r\n';

/** A multipart body from parts, written by hand so that it can be broken on purpose. */
function multipartText(
  boundary: string,
  parts: { name: string; filename?: string; value: string }[],
): string {
  let text = '';
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    text += `--${boundary}${CRLF}Content-Disposition: form-data; name="${part.name}"${filename}${CRLF}`;
    if (part.filename !== undefined) text += `Content-Type: application/octet-stream${CRLF}`;
    text += `${CRLF}${part.value}${CRLF}`;
  }
  return `${text}--${boundary}--${CRLF}`;
}

const partName = fc.oneof(
  fc.constantFrom('recording', 'avatar', 'cover', 'file', 'about', 'displayname', 'play_beep'),
  fc.string({ maxLength: 10 }),
);

/** Multipart bodies: well-formed with many fields and files, and broken in the usual ways. */
export const multipartBodies: fc.Arbitrary<FuzzBody> = fc
  .tuple(
    fc.array(
      fc.record({
        name: partName,
        filename: fc.option(fc.constantFrom('a.webm', 'b.png', 'c.mp3', 'x'), { nil: undefined }),
        value: fc.oneof(fc.string({ maxLength: 30 }), fc.constant('RIFF....WAVEfmt ')),
      }),
      { maxLength: 45 },
    ),
    fc.constantFrom('whole', 'no-boundary', 'truncated', 'other-boundary', 'no-end', 'garbage'),
    fc.nat(),
  )
  .map(([parts, damage, cut]) => {
    const boundary = 'fuzzboundary1234';
    const text = multipartText(boundary, parts);
    const withBoundary = `multipart/form-data; boundary=${boundary}`;
    switch (damage) {
      case 'no-boundary':
        return { contentType: 'multipart/form-data', payload: text };
      case 'truncated':
        return { contentType: withBoundary, payload: text.slice(0, cut % (text.length + 1)) };
      case 'other-boundary':
        return { contentType: 'multipart/form-data; boundary=another', payload: text };
      case 'no-end':
        return { contentType: withBoundary, payload: text.replace(/--\r\n$/, '') };
      case 'garbage':
        return { contentType: withBoundary, payload: `--${boundary}\r\n\u0000\u0001garbage` };
      default:
        return { contentType: withBoundary, payload: text };
    }
  });

const brokenJson = fc.constantFrom('{', '[', '{"a":', 'nul', '{"__proto__":{"x":1}}', '\u0000', '');

/** The bodies sent to an operation: its JSON (valid-ish and not), other types, multipart. */
export function bodiesFor(
  operation: Operation,
  known: Record<string, readonly unknown[]>,
): fc.Arbitrary<FuzzBody> {
  const json = (value: unknown): FuzzBody => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? 'null',
  });
  const variants: fc.WeightedArbitrary<FuzzBody>[] = [
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(json) },
    {
      weight: 1,
      arbitrary: brokenJson.map((payload) => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'application/octet-stream',
          'application/json; charset=utf-16',
          'garbage',
        ),
        payload: fc.string({ maxLength: 60 }),
      }),
    },
    { weight: operation.jsonBody ? 1 : 4, arbitrary: multipartBodies },
  ];
  if (operation.jsonBody) {
    variants.push({ weight: 6, arbitrary: objectOf(operation.jsonBody, 0, known).map(json) });
  }
  return fc.oneof(...variants);
}

/** Raw path segments a browser would never send: bad escapes, overlong values. */
const rawSegments = fc.constantFrom('%E0%A4%A', '%zz', '%', 'a'.repeat(101), 'b'.repeat(2000));

/** A path for the operation: its parameters from known values, their schema, or hostile text. */
export function pathFor(
  operation: Operation,
  known: Record<string, readonly unknown[]>,
): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  if (names.length === 0) return fc.constant(operation.path);
  const schemaOf = (name: string) =>
    operation.parameters.find((p) => p.in === 'path' && p.name === name)?.schema;
  const segment = (name: string) =>
    fc.oneof(
      { weight: 8, arbitrary: fieldValue(schemaOf(name), known[name]).map(encodeSegment) },
      { weight: 1, arbitrary: rawSegments },
    );
  return fc.tuple(...names.map(segment)).map((values) => {
    let path = operation.path;
    names.forEach((name, index) => {
      path = path.replace(`{${name}}`, values[index] ?? '');
    });
    return path;
  });
}

/** Text with lone surrogates replaced (they cannot be percent-encoded). */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const textOf = (value: unknown) =>
  wellFormed(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function encodeSegment(value: unknown): string {
  return encodeURIComponent(textOf(value));
}

/** The query string: declared parameters (valid-ish or hostile) and stray ones. */
export function queryFor(
  operation: Operation,
  known: Record<string, readonly unknown[]>,
): fc.Arbitrary<string> {
  const declared = operation.parameters.filter((p) => p.in === 'query');
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of declared) {
    record[parameter.name] = fieldValue(parameter.schema, known[parameter.name]);
  }
  return fc
    .tuple(
      fc.record(record, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 2 }),
    )
    .map(([values, stray]) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries({ ...stray, ...values })) {
        search.append(wellFormed(name), textOf(value));
      }
      const text = search.toString();
      return text ? `?${text}` : '';
    });
}

export interface EnvelopeVerdict {
  fiveXx: boolean;
  notEnvelope: boolean;
}

/**
 * What the suite asserts of every reply: no 5xx, and the envelope on every refusal and on
 * every success of an operation that declares it.
 */
export function judge(
  operation: Operation,
  reply: { statusCode: number; body: string },
): EnvelopeVerdict {
  const fiveXx = reply.statusCode >= 500;
  const expectEnvelope = reply.statusCode >= 400 || operation.envelopeOnSuccess;
  if (!expectEnvelope) return { fiveXx, notEnvelope: false };
  let body: unknown;
  try {
    body = JSON.parse(reply.body);
  } catch {
    return { fiveXx, notEnvelope: true };
  }
  const envelope = body as Record<string, unknown> | null;
  const shaped =
    typeof envelope === 'object' &&
    envelope !== null &&
    typeof envelope['success'] === 'boolean' &&
    typeof envelope['message'] === 'string' &&
    'data' in envelope &&
    typeof envelope['formFieldErrorMessages'] === 'object' &&
    envelope['formFieldErrorMessages'] !== null &&
    (reply.statusCode < 400 || envelope['success'] === false);
  return { fiveXx, notEnvelope: !shaped };
}

/** One value at an edge of a schema: the largest, or one just past it. */
function edgeOf(schema: JsonSchema | undefined, edge: 'max' | 'past'): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (schema?.enum) return edge === 'max' ? schema.enum.at(-1) : 'x';
  if (type === 'integer' || type === 'number') {
    const max = schema?.maximum ?? Number.MAX_SAFE_INTEGER;
    return edge === 'max' ? max : max + 1;
  }
  if (type === 'boolean') return edge === 'max' ? true : 'x';
  if (type === 'array' || type === 'object') return edge === 'max' ? [] : 'x';
  const length = (schema?.maxLength ?? 300) + (edge === 'past' ? 1 : 0);
  return 'x'.repeat(length);
}

/** A value the schema accepts: a known one, else the first of a seeded sample. */
function baseOf(
  name: string,
  schema: JsonSchema | undefined,
  known: Record<string, readonly unknown[]>,
) {
  if (known[name]?.length) return known[name][0];
  return fc.sample(validOf(schema), { seed: 1, numRuns: 1 })[0];
}

/**
 * Requests at the schema's edges, tried before the random ones: each path parameter, query
 * parameter and body field in turn at its largest value and just past it, the rest plain (the
 * edges are where a 32-bit column or a length limit breaks first).
 */
export function edgeRequests(
  operation: Operation,
  known: Record<string, readonly unknown[]>,
): { path: string; query: string; body: FuzzBody }[] {
  const properties = operation.jsonBody?.properties ?? {};
  const required = new Set(operation.jsonBody?.required ?? []);
  const baseBody = Object.fromEntries(
    Object.entries(properties)
      .filter(([name]) => required.has(name))
      .map(([name, schema]) => [name, baseOf(name, schema, known)]),
  );
  const build = (changed: { name: string; in: string; value: unknown } | null) => {
    let path = operation.path;
    const search = new URLSearchParams();
    for (const parameter of operation.parameters) {
      const isChanged = changed?.in === parameter.in && changed.name === parameter.name;
      const value = isChanged ? changed.value : baseOf(parameter.name, parameter.schema, known);
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeSegment(value));
      if (parameter.in === 'query' && (isChanged || parameter.required)) {
        search.append(parameter.name, textOf(value));
      }
    }
    const body =
      changed?.in === 'body' ? { ...baseBody, [changed.name]: changed.value } : { ...baseBody };
    const query = search.toString();
    return {
      path,
      query: query ? `?${query}` : '',
      body: operation.jsonBody
        ? { contentType: 'application/json', payload: JSON.stringify(body) }
        : {},
    };
  };
  const requests = [build(null)];
  const fields = [
    ...operation.parameters.map((p) => ({ name: p.name, in: p.in as string, schema: p.schema })),
    ...Object.entries(properties).map(([name, schema]) => ({ name, in: 'body', schema })),
  ];
  for (const field of fields) {
    for (const edge of ['max', 'past'] as const) {
      requests.push(build({ name: field.name, in: field.in, value: edgeOf(field.schema, edge) }));
    }
  }
  return requests;
}

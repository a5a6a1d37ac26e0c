// Route schemas compiled once per process, not once per app. Fastify builds a fresh Ajv instance (with its formats)
// and compiles every route's request and response schemas for each app it creates: about 75 ms of CPU an app here.
// A server process builds one app, so nothing changes there; a test process builds hundreds (every test app, every
// sibling instance), and the compiling was a tenth of a password test file's CPU (issue 23 item 8).
//
// The compilers are Fastify's own (@fastify/ajv-compiler, @fastify/fast-json-stringify-compiler), with the same
// options; what is shared is their output, keyed by the schema (the object itself, else its JSON text) and the
// options the app was built with. A compiled validator or serializer is a pure function of those: it keeps no
// state between calls beyond Ajv's `errors`, which Fastify reads right after the synchronous call.
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** What Fastify hands a compiler for each schema of a route. */
interface RouteSchema {
  schema: unknown;
  httpPart?: string;
  httpStatus?: string;
  contentType?: string;
}
/** A compiler factory as Fastify calls it (the libraries' own types describe Ajv's compile, not this call). */
type Factory = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => unknown;

/** Fastify's defaults: one Ajv per distinct (external schemas, options), pooled by the library itself. */
const validators = AjvCompiler() as unknown as Factory;
const serializers = SerializerSelector() as unknown as Factory;
/** What each schema object compiled to, per (compiler, options, part) key: the fast path for module constants. */
const byObject = new WeakMap<object, Map<string, unknown>>();
/**
 * The same by the schema's JSON text: many routes build their schemas when they register (a response envelope around
 * a data schema), so each app hands in new objects with the same content.
 */
const byContent = new Map<string, unknown>();

/**
 * The schema as JSON text, or null when it holds something JSON would not keep (a function, a RegExp, a Date,
 * undefined): such a schema is compiled for each app rather than risk two different schemas sharing one key.
 */
function contentKey(schema: object): string | null {
  let plain = true;
  const text = JSON.stringify(schema, (_key, value: unknown) => {
    if (value === undefined || typeof value === 'function' || typeof value === 'bigint') plain = false;
    else if (value !== null && typeof value === 'object') {
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null)
        plain = false;
    }
    return value;
  });
  return plain ? text : null;
}

function remembered<T>(schema: unknown, key: string, compile: () => T): T {
  // A boolean schema (`true`/`false`) is cheap and cannot key a WeakMap.
  if (schema === null || typeof schema !== 'object') return compile();
  let forObject = byObject.get(schema);
  if (forObject === undefined) {
    forObject = new Map();
    byObject.set(schema, forObject);
  }
  if (forObject.has(key)) return forObject.get(key) as T;
  const text = contentKey(schema);
  const fullKey = text === null ? null : `${key} ${text}`;
  let result = fullKey === null ? undefined : (byContent.get(fullKey) as T | undefined);
  if (result === undefined) {
    result = compile();
    if (fullKey !== null) byContent.set(fullKey, result);
  }
  forObject.set(key, result);
  return result;
}

/**
 * Header names arrive lower-cased (RFC 9110 §5.1): Fastify lower-cases a header schema's property names before
 * compiling it unless the compiler is a custom one, which this factory makes it; so the same is done here.
 */
function lowerCaseHeaders(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Object.getPrototypeOf(schema) !== Object.prototype) {
    return schema;
  }
  const source = schema as { properties?: Record<string, unknown>; required?: unknown };
  const copy: Record<string, unknown> = { ...source };
  if (source.properties) {
    copy.properties = Object.fromEntries(
      Object.entries(source.properties).map(([name, property]) => [name.toLowerCase(), property]),
    );
  }
  if (Array.isArray(source.required)) {
    copy.required = source.required.map((name) => (typeof name === 'string' ? name.toLowerCase() : name));
  }
  return copy;
}

const buildValidator: Factory = (externalSchemas, options) => {
  const compile = validators(externalSchemas, options);
  const optionsKey = `validator ${JSON.stringify(externalSchemas)} ${JSON.stringify(options ?? null)}`;
  return (route) =>
    remembered(route.schema, `${optionsKey} ${route.httpPart} ${route.contentType ?? ''}`, () =>
      compile(route.httpPart === 'headers' ? { ...route, schema: lowerCaseHeaders(route.schema) } : route),
    );
};

const buildSerializer: Factory = (externalSchemas, options) => {
  const compile = serializers(externalSchemas, options);
  const optionsKey = `serializer ${JSON.stringify(externalSchemas)} ${JSON.stringify(options ?? null)}`;
  return (route) =>
    remembered(route.schema, `${optionsKey} ${route.httpStatus ?? ''} ${route.contentType ?? ''}`, () =>
      compile(route),
    );
};

/** Fastify's `schemaController.compilersFactory`, sharing compiled schemas between the apps of one process. */
export const sharedSchemaCompilers = { buildValidator, buildSerializer } as unknown as CompilersFactory;

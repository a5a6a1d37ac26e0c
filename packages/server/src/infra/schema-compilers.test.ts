import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from './schema-compilers';

const AJV = { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } };

type Compile = (route: Record<string, unknown>) => ((value: unknown) => unknown) & { errors?: unknown };
const buildValidator = sharedSchemaCompilers.buildValidator as unknown as (
  externalSchemas: unknown,
  options: unknown,
) => Compile;
const buildSerializer = sharedSchemaCompilers.buildSerializer as unknown as (
  externalSchemas: unknown,
  options: unknown,
) => Compile;

describe('route schemas compiled once per process', () => {
  it('gives every app the same compiled validator and serializer for the same schema object and options', () => {
    const body = { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] };
    const first = buildValidator({}, AJV)({ schema: body, method: 'POST', url: '/a', httpPart: 'body' });
    const second = buildValidator({}, AJV)({ schema: body, method: 'POST', url: '/b', httpPart: 'body' });
    expect(second).toBe(first);
    // A new object with the same content (a schema built as its route registers): the same function.
    expect(buildValidator({}, AJV)({ schema: structuredClone(body), httpPart: 'body' })).toBe(first);
    // Other content or other options: compiled on its own.
    const other = { ...body, required: [] };
    expect(buildValidator({}, AJV)({ schema: other, httpPart: 'body' })).not.toBe(first);
    expect(
      buildValidator(
        {},
        { customOptions: { ...AJV.customOptions, coerceTypes: true } },
      )({
        schema: body,
        httpPart: 'body',
      }),
    ).not.toBe(first);
    // Something JSON would not keep (here an undefined keyword): never shared by content.
    const odd = () => ({ ...body, description: undefined });
    expect(buildValidator({}, AJV)({ schema: odd(), httpPart: 'body' })).not.toBe(
      buildValidator({}, AJV)({ schema: odd(), httpPart: 'body' }),
    );

    const reply = { type: 'object', properties: { ok: { type: 'boolean' } } };
    const serialize = buildSerializer({}, {})({ schema: reply, httpStatus: '200' });
    expect(buildSerializer({}, {})({ schema: reply, httpStatus: '200' })).toBe(serialize);
    expect(buildSerializer({}, {})({ schema: reply, httpStatus: '201' })).not.toBe(serialize);
    expect(serialize({ ok: true, secret: 'dropped' })).toBe('{"ok":true}');
  });

  it('validates as Fastify’s defaults do: a schema error is a 400, header names match in any case', async () => {
    const schema = {
      headers: {
        type: 'object',
        properties: { 'X-Request-Token': { type: 'string' } },
        required: ['X-Request-Token'],
      },
      body: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    } as const;
    const apps = [0, 1].map(() => {
      const app = Fastify({ ajv: AJV, schemaController: { compilersFactory: sharedSchemaCompilers } });
      app.post('/', { schema }, async (request) => ({ n: (request.body as { n: number }).n }));
      return app;
    });
    try {
      for (const app of apps) {
        const ok = await app.inject({
          method: 'POST',
          url: '/',
          headers: { 'x-request-token': 't', 'content-type': 'application/json' },
          payload: { n: 1 },
        });
        expect(ok.statusCode, ok.body).toBe(200);
        // coerceTypes is off: "1" is not a number.
        const coerced = await app.inject({
          method: 'POST',
          url: '/',
          headers: { 'x-request-token': 't', 'content-type': 'application/json' },
          payload: { n: '1' },
        });
        expect(coerced.statusCode).toBe(400);
        const noHeader = await app.inject({ method: 'POST', url: '/', payload: { n: 1 } });
        expect(noHeader.statusCode).toBe(400);
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});

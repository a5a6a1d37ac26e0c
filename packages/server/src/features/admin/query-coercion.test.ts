import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { coerceQuery } from './query-coercion';

describe('admin query coercion', () => {
  const schema = Type.Object({
    limit: Type.Optional(Type.Integer()),
    ratio: Type.Optional(Type.Number()),
    blocked: Type.Optional(Type.Boolean()),
    type: Type.Optional(Type.Array(Type.String())),
    ids: Type.Optional(Type.Array(Type.Integer())),
    name: Type.Optional(Type.String()),
    maybe: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  });

  it('converts exact integer, number and boolean texts and wraps a lone array value', () => {
    const query: Record<string, unknown> = {
      limit: '50',
      ratio: '0.5',
      blocked: 'false',
      type: 'user.*',
      ids: ['1', '2'],
      name: '42',
      maybe: '7',
    };
    coerceQuery(schema, query);
    expect(query).toEqual({
      limit: 50,
      ratio: 0.5,
      blocked: false,
      type: ['user.*'],
      ids: [1, 2],
      name: '42',
      maybe: 7,
    });
  });

  it('leaves anything else as text, for the schema to refuse', () => {
    const query: Record<string, unknown> = { limit: '5e2', ratio: '1,5', blocked: 'yes', ids: ['01'] };
    coerceQuery(schema, query);
    expect(query).toEqual({ limit: '5e2', ratio: '1,5', blocked: 'yes', ids: ['01'] });
    for (const text of ['', ' 5', '0x10', '99999999999999999']) {
      const one: Record<string, unknown> = { limit: text };
      coerceQuery(schema, one);
      expect(one.limit).toBe(text);
    }
  });
});

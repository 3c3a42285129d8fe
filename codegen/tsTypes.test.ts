import { describe, expect, it } from 'vitest';
import { declaration, tsType } from './tsTypes';

describe('tsType', () => {
  it('maps JSON Schema types to TypeScript', () => {
    expect(tsType({ type: 'string' })).toBe('string');
    expect(tsType({ type: 'integer' })).toBe('number');
    expect(tsType({ type: ['string', 'null'] })).toBe('string | null');
    expect(tsType({ enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(tsType({ const: 3 })).toBe('3');
    expect(tsType({ $ref: '#/components/schemas/Entry' })).toBe('Entry');
    expect(tsType({})).toBe('unknown');
    expect(tsType({ type: 'array', items: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } })).toBe(
      '[string, number][]',
    );
  });

  it('parenthesises unions that become list items, but not objects that contain unions', () => {
    expect(tsType({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } })).toBe('(string | null)[]');
    expect(tsType({ type: 'array', items: { enum: ['a|b', 'c'] } })).toBe('("a|b" | "c")[]');
    const obj = { type: 'object', properties: { a: { enum: ['x', 'y'] } }, required: ['a'] };
    expect(tsType({ type: 'array', items: obj })).toBe('{\n  a: "x" | "y";\n}[]');
  });

  it('writes objects with optional properties, quoted keys, index signatures and comments', () => {
    const text = tsType({
      type: 'object',
      properties: { id: { type: 'string', title: 'Id', description: 'Ends */ here' }, 'x-y': { type: 'boolean' } },
      required: ['id'],
      additionalProperties: { type: 'number' },
    });
    expect(text).toBe('{\n  /** Id: Ends *\\/ here */\n  id: string;\n  "x-y"?: boolean;\n  [key: string]: unknown;\n}');
    expect(tsType({ type: 'object', additionalProperties: { type: 'number' } })).toBe('{\n  [key: string]: number;\n}');
  });

  it('declares plain objects as interfaces and everything else as type aliases', () => {
    expect(declaration('A', { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] })).toBe(
      'export interface A {\n  x: string;\n}\n',
    );
    expect(declaration('B', { anyOf: [{ type: 'string' }, { type: 'number' }] })).toBe('export type B = string | number;\n');
  });
});

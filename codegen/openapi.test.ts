import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '../definitions/define';
import { registry } from '../definitions/index';
import { createRegistry } from '../definitions/registry';
import { sections } from '../definitions/sections';
import { FixtureRule, fixtureArea, withFixtureArea } from './fixtures';
import { COMPONENT_PREFIX, type JsonSchema } from './jsonSchema';
import { loadSchemaNames } from './load';
import { generateOpenApi, type OpenApiDocument, type OpenApiOperation } from './openapi';
import { schemaValidator } from './schemaValidator';

const operationsOf = (doc: OpenApiDocument): OpenApiOperation[] => Object.values(doc.paths).flatMap((item) => Object.values(item));

const validatorFor = (doc: OpenApiDocument, schema: JsonSchema) => schemaValidator(doc.components.schemas)(schema);

const fixtureDoc = () => generateOpenApi(withFixtureArea(registry), { version: '1.2.3' });
const save = (doc: OpenApiDocument) => doc.paths['/api/policy/v1/rules/fixture_area/{rev}']!.put!;

describe('generateOpenApi', () => {
  it('describes the real registry in a document an independent OpenAPI 3.1 validator accepts', async () => {
    const doc = generateOpenApi(registry, { names: await loadSchemaNames(), version: '0.1.0' });
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every operation once, under its method and path, with its permission and revision binding', () => {
    const doc = fixtureDoc();
    const ops = withFixtureArea(registry).operations;
    const own = operationsOf(doc).filter((o) => !o['x-alias-of']);
    expect(own.map((o) => o.operationId).sort()).toEqual(ops.map((o) => o.id).sort());
    for (const op of ops) {
      const described = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(described?.operationId).toBe(op.id);
      expect(described?.['x-permission']).toEqual(op.access);
      expect(described?.['x-revision']).toBe(op.revision);
      // An alias (the spec's name for the path) is the same operation under another id, saying which it repeats.
      for (const [i, alias] of (op.aliases ?? []).entries()) {
        expect(doc.paths[alias]?.[op.method.toLowerCase()]).toMatchObject({ operationId: `${op.id}.alias${i + 1}`, 'x-alias-of': op.id, 'x-permission': op.access });
      }
    }
    expect(save(doc)['x-permission']).toEqual({ any: ['web_policy:write'] });
    expect(save(doc)['x-revision']).toBe('staged');
    expect(save(doc)['x-document']).toEqual({ screenId: 'web.fixture-area', role: 'save' });
  });

  it('lists the error answers each call can get', () => {
    const codes = (o: OpenApiOperation) => Object.keys(o.responses).sort();
    const doc = fixtureDoc();
    expect(codes(save(doc))).toEqual(['200', '400', '401', '403', '409', 'default']);
    expect(codes(doc.paths['/api/policy/v1/rules/fixture_area/{rev}']!.get!)).toEqual(['200', '400', '401', '403', 'default']);
    expect(codes(doc.paths['/api/portal/config']!.get!)).toEqual(['200', 'default']);
    const featureOnly = defineOperation({
      id: 'x.flagged',
      method: 'GET',
      path: '/api/x',
      summary: 'Flagged',
      response: z.object({}),
      access: 'session',
      feature: 'pac',
      tag: 'x',
    });
    const flagged = generateOpenApi(createRegistry({ sections, screens: [], operations: [featureOnly] }), { version: '1' });
    expect(codes(flagged.paths['/api/x']!.get!)).toEqual(['200', '401', '403', 'default']);
    expect(save(doc).security).toEqual([{ session: [], xsrf: [] }]);
    expect(doc.paths['/api/portal/config']!.get!.security).toEqual([]);
    expect(doc.paths['/api/auth/v1/login']!.post!.security).toEqual([{ xsrf: [] }]);
    // auth_params hands the xsrf cookie out, so it cannot require it.
    const authParams = doc.paths['/api/auth/v1/auth_params']!.post!;
    expect([authParams.security, codes(authParams)]).toEqual([[], ['200', '400', 'default']]);
  });

  it('sends the stored document along with a stale-save 409', () => {
    const doc = fixtureDoc();
    const conflict = save(doc).responses['409'] as { content: { 'application/json': { schema: JsonSchema } } };
    const check = validatorFor(doc, conflict.content['application/json'].schema);
    const current = { list: [], enabled: true, rev_id: 3, state: 'staged', updated_at: '2024-01-01T00:00:00Z' };
    expect(check({ msg: 'stale', current })).toBe(true);
    expect(check({ msg: 'stale', current: { ...current, list: 'nope' } })).toBe(false);
  });

  it('derives request and response schemas from zod: the body schema refuses what zod refuses', () => {
    const doc = fixtureDoc();
    const body = save(doc).requestBody!.content['application/json']!.schema;
    const check = validatorFor(doc, body);
    const envelope = fixtureArea.schema.extend({ rev_id: z.number(), state: z.string(), updated_at: z.string() });
    const stamp = { rev_id: 1, state: 'staged', updated_at: '2024-01-01T00:00:00Z' };
    const rule = { id: 'r1', host: 'www.example.com' };
    const cases: unknown[] = [
      { list: [rule], ...stamp },
      { list: [{ ...rule, note: 'x'.repeat(20), action: 'block', port: 443 }], ...stamp },
      { list: [{ ...rule, action: 'maybe' }], ...stamp },
      { list: [{ ...rule, port: 1.5 }], ...stamp },
      { list: [{ ...rule, port: 70000 }], ...stamp },
      { list: [{ ...rule, id: '' }], ...stamp },
      { list: [{ ...rule, surprise: 1 }], ...stamp },
      { list: [{ host: 'a.example.com' }], ...stamp },
      { list: Array.from({ length: 51 }, (_, i) => ({ ...rule, id: `r${i}` })), ...stamp },
      { list: [rule], rev_id: 1, state: 'staged' },
    ];
    for (const value of cases) expect(check(value), JSON.stringify(value).slice(0, 80)).toBe(envelope.safeParse(value).success);
  });

  it('names the answer and the body of a document after its screen, and keeps what callers may omit apart', () => {
    const doc = fixtureDoc();
    const ok = save(doc).responses['200'] as { content: { 'application/json': { schema: JsonSchema } } };
    expect(ok.content['application/json'].schema).toEqual({ $ref: `${COMPONENT_PREFIX}WebFixtureAreaDocument` });
    expect(save(doc).requestBody!.content['application/json']!.schema).toEqual({
      $ref: `${COMPONENT_PREFIX}WebFixtureAreaDocumentInput`,
    });
    const input = doc.components.schemas.WebFixtureAreaDocumentInput!;
    const output = doc.components.schemas.WebFixtureAreaDocument!;
    expect(input.required).toEqual(['list', 'rev_id', 'state', 'updated_at']);
    expect(output.required).toEqual(['list', 'enabled', 'rev_id', 'state', 'updated_at']);
  });

  it('lists the error keys of refinements on their fields as x-validators', () => {
    const names = new Map([[FixtureRule, 'FixtureRule']]);
    const doc = generateOpenApi(withFixtureArea(registry), { names, version: '1' });
    const rule = doc.components.schemas.FixtureRuleInput!;
    const props = rule.properties as Record<string, JsonSchema>;
    expect(props.host!['x-validators']).toEqual([{ key: 'invalidHostname', message: expect.stringContaining('host name') }]);
    expect((props.note!['x-validators'] as { key: string }[]).map((v) => v.key)).toEqual(['maxlength', 'minlength', 'lineBreaks']);
  });

  it('turns path and query schemas into parameters, and refuses a params schema that names no path parameter', () => {
    const doc = generateOpenApi(registry, { version: '1' });
    const history = doc.paths['/api/policy/v1/revisions']!.get!;
    expect(history.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ['limit', 'query', false],
      ['offset', 'query', false],
    ]);
    const wrong = defineOperation({
      id: 'x.wrong',
      method: 'GET',
      path: '/api/x/{id}',
      summary: 'Wrong',
      params: z.object({ uid: z.string() }),
      response: z.object({}),
      access: 'session',
      tag: 'x',
    });
    expect(() => generateOpenApi(createRegistry({ sections, screens: [], operations: [wrong] }), { version: '1' })).toThrow(
      /declares "uid", which the path \/api\/x\/\{id\} lacks/,
    );
  });
});

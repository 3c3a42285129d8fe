/**
 * zod → JSON Schema (2020-12, the dialect of OpenAPI 3.1) through zod 4's own `z.toJSONSchema`, with two additions:
 * named schemas become shared components referenced by `$ref`, and every refinement that carries an error key
 * (`params.key`, see schemas/validators.ts) is listed on its node as `x-validators: [{ key, message }]`.
 */
import { z } from 'zod';
import { byCodeUnits } from './names';

/** A JSON Schema node, as plain JSON. */
export type JsonSchema = { [keyword: string]: unknown };
/** `input`: what a caller sends (defaults may be omitted); `output`: what the server stores and answers. */
export type Io = 'input' | 'output';
/** Component names of zod schemas, by identity. */
export type SchemaNames = ReadonlyMap<z.ZodType, string>;

/** A refinement with an error key, as documented for callers and auditors. */
export interface ValidatorNote {
  readonly key: string;
  readonly message: string;
  /** Set when an object-level refinement reports on one of its fields. */
  readonly path?: string;
}

export const COMPONENT_PREFIX = '#/components/schemas/';
const DEFS_PREFIX = '#/$defs/';

interface CheckDef {
  readonly check?: string;
  readonly params?: { readonly key?: unknown };
  readonly error?: (issue: unknown) => unknown;
  readonly path?: readonly PropertyKey[];
}

/** The keyed refinements of one zod node (`.refine(fn, { message, params: { key } })`). */
export function validatorNotes(schema: z.core.$ZodType): ValidatorNote[] {
  // Every schema and check the project builds is a classic zod one, whose definition is public as `.def`.
  const checks = ((schema as z.ZodType).def as { checks?: readonly { def?: CheckDef }[] }).checks ?? [];
  const notes: ValidatorNote[] = [];
  for (const c of checks) {
    const def = c.def ?? {};
    const key = def.params?.key;
    if (def.check !== 'custom' || typeof key !== 'string') continue;
    const message = def.error?.({});
    const note: ValidatorNote = { key, message: typeof message === 'string' ? message : key };
    notes.push(def.path?.length ? { ...note, path: def.path.map(String).join('.') } : note);
  }
  return notes;
}

/**
 * Converts one zod schema. Named schemas (and zod `.meta({ id })` ones) come back as `$ref: '#/$defs/<name>'` with
 * their bodies in `defs`; a named root is itself such a `$ref`.
 */
export function convert(schema: z.ZodType, io: Io, names: SchemaNames): { schema: JsonSchema; defs: Record<string, JsonSchema> } {
  // zod looks metadata up through `.get` only; answering with the global metadata plus our name keeps titles and
  // descriptions while marking the named schemas for extraction.
  const metadata = {
    get(s: z.ZodType) {
      const meta = z.globalRegistry.get(s);
      const name = names.get(s);
      return name === undefined ? meta : { ...meta, id: name };
    },
  } as unknown as typeof z.globalRegistry;
  const out = z.toJSONSchema(schema, {
    io,
    metadata,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const notes = validatorNotes(zodSchema);
      if (notes.length > 0) (jsonSchema as JsonSchema)['x-validators'] = notes;
    },
  }) as JsonSchema;
  const { $schema: _dialect, $defs, ...body } = out;
  return { schema: body, defs: ($defs as Record<string, JsonSchema> | undefined) ?? {} };
}

/** Every `$ref` target in a JSON value. */
export function refsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') found.add(v);
      else refsIn(v, found);
    }
  }
  return found;
}

/** Rewrites every `$ref` through `map`. */
export function mapRefs<T>(value: T, map: (ref: string) => string): T {
  if (Array.isArray(value)) return value.map((v) => mapRefs(v, map)) as T;
  if (value !== null && typeof value === 'object') {
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === '$ref' && typeof v === 'string' ? map(v) : mapRefs(v, map);
    return out as T;
  }
  return value;
}

const stable = (v: unknown): string => JSON.stringify(v);

/**
 * The shared component schemas of an OpenAPI document. A named schema gets one component for what the server
 * answers (`Name`) and, when what a caller may send differs (defaults omitted, nested input shapes), a second one
 * (`NameInput`).
 */
export class Components {
  private readonly bodies = new Map<string, JsonSchema>();

  constructor(private readonly names: SchemaNames) {}

  /** The JSON Schema of `schema` as seen from `io`, referring to components by `#/components/schemas/<name>`. */
  ref(schema: z.ZodType, io: Io): JsonSchema {
    return this.convertInto(schema, io, this.names);
  }

  /** Like `ref`, but the root itself stays inline even when it is named (to list its properties as parameters). */
  inline(schema: z.ZodType, io: Io): JsonSchema {
    const names = new Map(this.names);
    names.delete(schema);
    return this.convertInto(schema, io, names);
  }

  /** Follows a `$ref` to a component body; any other node is returned as is. */
  resolve(node: JsonSchema): JsonSchema {
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_PREFIX)) return node;
    const { $ref: _ref, ...siblings } = node;
    return { ...this.resolve(this.bodies.get(ref.slice(COMPONENT_PREFIX.length)) ?? {}), ...siblings };
  }

  /** Registers a component under a fixed name (e.g. the error body). */
  define(name: string, schema: z.ZodType, io: Io): JsonSchema {
    return this.convertInto(schema, io, new Map([...this.names, [schema, name]]));
  }

  /** Every component, sorted by name. */
  all(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.bodies.entries()].sort(([a], [b]) => byCodeUnits(a, b)));
  }

  private convertInto(schema: z.ZodType, io: Io, names: SchemaNames): JsonSchema {
    const converted = convert(schema, io, names);
    const rename = this.flavourNames(schema, io, converted.defs, names);
    for (const [id, body] of Object.entries(converted.defs)) this.add(rename(id), body, rename);
    return mapRefs(converted.schema, this.toComponent(rename));
  }

  private add(name: string, body: JsonSchema, rename: (id: string) => string): void {
    const final = mapRefs(body, this.toComponent(rename));
    const existing = this.bodies.get(name);
    if (existing !== undefined && stable(existing) !== stable(final)) {
      throw new Error(`Two different schemas would both be published as the component "${name}"; rename one export.`);
    }
    this.bodies.set(name, final);
  }

  private toComponent(rename: (id: string) => string): (ref: string) => string {
    return (ref) => (ref.startsWith(DEFS_PREFIX) ? COMPONENT_PREFIX + rename(ref.slice(DEFS_PREFIX.length)) : ref);
  }

  /**
   * Maps the raw ids of an input conversion to `Name` or `NameInput`: an input flavour gets its own name when its
   * body differs from the output body, or when it refers to a schema whose input flavour does.
   */
  private flavourNames(
    schema: z.ZodType,
    io: Io,
    inputDefs: Record<string, JsonSchema>,
    names: SchemaNames,
  ): (id: string) => string {
    if (io === 'output') return (id) => id;
    const outputDefs = convert(schema, 'output', names).defs;
    const differs = new Set(Object.keys(inputDefs).filter((id) => stable(inputDefs[id]) !== stable(outputDefs[id])));
    let grew = true;
    while (grew) {
      grew = false;
      for (const [id, body] of Object.entries(inputDefs)) {
        if (differs.has(id)) continue;
        if ([...refsIn(body)].some((r) => differs.has(r.slice(DEFS_PREFIX.length)))) {
          differs.add(id);
          grew = true;
        }
      }
    }
    return (id) => (differs.has(id) ? `${id}Input` : id);
  }
}

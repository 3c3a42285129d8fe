/**
 * JSON Schema validation of values against the schemas of a generated OpenAPI document (its `$ref`s to components
 * resolved), with ajv's 2020-12 dialect. The tests use it to hold the server's answers and the zod schemas to what
 * the document promises.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { COMPONENT_PREFIX, mapRefs, type JsonSchema } from './jsonSchema';

const COMPONENTS_ID = 'https://portal.invalid/components';

/** A compiler of validators for schemas that refer to `components.schemas` of `components`. */
export function schemaValidator(components: Readonly<Record<string, JsonSchema>>): (schema: JsonSchema) => ValidateFunction {
  // `x-validators` and `contentMediaType` are annotations; formats are backed by zod's own patterns.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const local = (ref: string) => (ref.startsWith(COMPONENT_PREFIX) ? `${COMPONENTS_ID}#/$defs/${ref.slice(COMPONENT_PREFIX.length)}` : ref);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: mapRefs(components, local) });
  const cache = new Map<string, ValidateFunction>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let fn = cache.get(key);
    if (!fn) {
      fn = ajv.compile(mapRefs(schema, local));
      cache.set(key, fn);
    }
    return fn;
  };
}

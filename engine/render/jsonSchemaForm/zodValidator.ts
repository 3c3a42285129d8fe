/**
 * An rjsf validator that needs no `eval`: JSON Schemas become zod schemas with zod 4's `z.fromJSONSchema` (cached per
 * schema object), and zod's issues become rjsf errors. The portal's Content-Security-Policy forbids `unsafe-eval`,
 * which rules out ajv (it compiles validators with `new Function`); Node-side tests may still use
 * @rjsf/validator-ajv8 as a reference.
 */
import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { z } from 'zod';

type Json = Record<string, unknown>;

/** JSON Schema keywords zod's converter does not know but rjsf schemas carry; they do not affect validity. */
const RJSF_ONLY_KEYS = new Set(['$id', 'readOnly', 'writeOnly', 'examples']);

function cleaned(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(cleaned);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema as Json)
      .filter(([k]) => !RJSF_ONLY_KEYS.has(k))
      .map(([k, v]) => [k, cleaned(v)]),
  );
}

/** A zod issue as an rjsf error: property `.a.b`, the zod message, a stack rjsf shows in its error list. */
export function issueToError(issue: z.core.$ZodIssue): RJSFValidationError {
  const property = issue.path.length === 0 ? '.' : `.${issue.path.map(String).join('.')}`;
  return {
    name: issue.code,
    message: issue.message,
    property,
    params: {},
    stack: property === '.' ? issue.message : `${property.slice(1)}: ${issue.message}`,
    schemaPath: '',
  };
}

/** Builds the validator. One instance may serve any number of schemas; compiled schemas are cached. */
export function createZodValidator<T = unknown>(): ValidatorType<T, RJSFSchema> {
  let cache = new WeakMap<object, z.ZodType>();
  const compile = (schema: RJSFSchema, rootSchema?: RJSFSchema): z.ZodType => {
    const hit = cache.get(schema);
    if (hit) return hit;
    // Sub-schemas (anyOf options) may point into the root's definitions.
    const withDefs = rootSchema && rootSchema !== schema && (rootSchema.definitions || rootSchema.$defs)
      ? { ...schema, definitions: rootSchema.definitions, $defs: rootSchema.$defs }
      : schema;
    const compiled = z.fromJSONSchema(cleaned(withDefs) as Parameters<typeof z.fromJSONSchema>[0]);
    cache.set(schema, compiled);
    return compiled;
  };
  const raw = (schema: RJSFSchema, formData?: T, rootSchema?: RJSFSchema) => {
    try {
      const result = compile(schema, rootSchema).safeParse(formData);
      return { errors: result.success ? [] : result.error.issues.map(issueToError) };
    } catch (e) {
      return { errors: [], validationError: e instanceof Error ? e : new Error(String(e)) };
    }
  };
  const validator: ValidatorType<T, RJSFSchema> = {
    rawValidation<Result = unknown>(schema: RJSFSchema, formData?: T) {
      const { errors, validationError } = raw(schema, formData);
      return { errors: errors as Result[], validationError };
    },
    isValid(schema, formData, rootSchema) {
      const { errors, validationError } = raw(schema, formData, rootSchema);
      return !validationError && errors.length === 0;
    },
    validateFormData(
      formData: T | undefined,
      schema: RJSFSchema,
      customValidate?: CustomValidator<T, RJSFSchema>,
      transformErrors?: ErrorTransformer<T, RJSFSchema>,
      uiSchema?: UiSchema<T, RJSFSchema>,
    ): ValidationData<T> {
      const { errors: found, validationError } = raw(schema, formData);
      let errors = validationError ? [...found, { stack: validationError.message }] : found;
      if (transformErrors) errors = transformErrors(errors, uiSchema);
      const errorSchema = toErrorSchema<T>(errors);
      if (!customValidate) return { errors, errorSchema };
      const full = getDefaultFormState<T, RJSFSchema>(validator, schema, formData, schema, true) as T;
      const handler = customValidate(full, createErrorHandler<T>(full), uiSchema, errorSchema);
      return validationDataMerge<T>({ errors, errorSchema }, unwrapErrorHandler<T>(handler));
    },
    reset() {
      cache = new WeakMap();
    },
  };
  return validator;
}

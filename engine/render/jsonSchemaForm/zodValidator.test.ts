import validatorAjv8 from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { browserSettingsSchema } from '../../../schemas/areas/browserPosture';
import { createZodValidator } from './zodValidator';

const schema = z.toJSONSchema(browserSettingsSchema('windows', 'chrome', '122'), { target: 'draft-07' }) as RJSFSchema;
const samples: unknown[] = [
  {},
  { PasswordManagerEnabled: true },
  { PasswordManagerEnabled: 'yes' },
  { IncognitoModeAvailability: 1 },
  { IncognitoModeAvailability: 7 },
  { IdleTimeout: 30 },
  { IdleTimeout: 0 },
  { IdleTimeout: 2.5 },
  { NotASetting: true },
];

describe('createZodValidator', () => {
  it('agrees with ajv (the reference, allowed to eval in Node) on the posture catalogue schema', () => {
    const zod = createZodValidator();
    for (const data of samples) {
      expect(zod.isValid(schema, data, schema), JSON.stringify(data)).toBe(validatorAjv8.isValid(schema, data, schema));
    }
  });

  it('reports an out-of-range integer on its field, with an error schema rjsf shows under the field', () => {
    const key = Object.keys(schema.properties ?? {}).find((k) => (schema.properties![k] as { maximum?: number }).maximum === 1440)!;
    const result = createZodValidator().validateFormData({ [key]: 5000 }, schema);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.property).toBe(`.${key}`);
    expect((result.errorSchema as Record<string, { __errors: string[] }>)[key]!.__errors[0]).toMatch(/1440/);
  });

  it('passes custom validation and transformed errors through', () => {
    const result = createZodValidator<Record<string, unknown>>().validateFormData(
      {},
      schema,
      (_data, errors) => {
        errors.addError('custom problem');
        return errors;
      },
      (errors) => errors,
    );
    expect(result.errors.some((e) => e.stack.endsWith('custom problem'))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SslBypassDocument } from '../schemas/areas/sslBypass';
import { emptyDocument } from './documents';

describe('emptyDocument', () => {
  it('is the schema default when the schema has one for everything', () => {
    expect(emptyDocument(z.object({ enabled: z.boolean().default(false), note: z.string().optional() }))).toEqual({ enabled: false });
  });

  it('uses empty lists for required lists without a default', () => {
    expect(emptyDocument(SslBypassDocument)).toEqual({ list: [] });
  });

  it('fills nested objects and leaves out what it cannot invent', () => {
    const Schema = z.object({
      config: z.object({ rules: z.array(z.string()), mode: z.enum(['a', 'b']).default('a') }),
      name: z.string(),
    });
    expect(emptyDocument(Schema)).toEqual({ config: { rules: [], mode: 'a' } });
  });
});

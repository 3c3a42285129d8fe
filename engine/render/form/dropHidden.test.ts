import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dropHidden } from './dropHidden';

const schema = z.object({
  platform: z.enum(['aws', 'azure']),
  key_id: z.string().optional(),
  account: z.string().optional(),
  name: z.string(),
});
const hints = {
  key_id: { showIf: { field: 'platform', equals: ['aws'] } },
  account: { showIf: { field: 'platform', equals: ['azure'] } },
  name: { showIf: { field: 'platform', equals: ['aws'] } },
};

describe('dropHidden', () => {
  it('drops optional fields that showIf hides and keeps shown and required ones', () => {
    const values = { platform: 'azure', key_id: 'AKIA', account: 'store1', name: 'n' };
    expect(dropHidden(values, schema, hints)).toEqual({ platform: 'azure', account: 'store1', name: 'n' });
    expect(values.key_id).toBe('AKIA');
  });
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../http';
import { DlpDictionariesDocument, DlpRulesDocument } from './dlp';
import { EmailAttachmentsDocument, EmailConfigDocument } from './emailPolicy';

const errorsOf = (schema: z.ZodType, doc: unknown) => {
  const r = schema.safeParse(doc);
  return r.success ? [] : fieldErrors(r.error).map((e) => ({ path: e.path, key: e.key }));
};

describe('EmailAttachmentsDocument', () => {
  const base = {
    content_types: [{ id: 'ct-pdf', name: 'PDF', fileExtensions: ['pdf'], fileMimeTypes: ['application/pdf'] }],
    groups: [{ id: 'g-docs', name: 'Documents', content_types: ['ct-pdf'] }],
    list: [{ id: 'r1', name: 'Isolate documents', groups: ['g-docs'], action: 'safeview' }],
  };

  it('accepts rules and groups that name existing ids', () => {
    expect(errorsOf(EmailAttachmentsDocument, base)).toEqual([]);
  });

  it('refuses a group or rule naming an unknown id', () => {
    const doc = { ...base, groups: [{ id: 'g-docs', name: 'Documents', content_types: ['ct-nope'] }], list: [{ ...base.list[0], groups: ['g-nope'] }] };
    expect(errorsOf(EmailAttachmentsDocument, doc)).toEqual([
      { path: 'groups.0.content_types.0', key: 'unknownReference' },
      { path: 'list.0.groups.0', key: 'unknownReference' },
    ]);
  });

  it('reads a never-saved document with the scanner and quarantine defaults', () => {
    const empty = EmailAttachmentsDocument.parse({});
    expect(empty.plugins).toEqual({ antivirus: true, sandbox: false, file_reputation: true, password_protected: 'isolate' });
    expect(empty.quarantine_spec.retention_days).toBe(30);
  });
});

describe('EmailConfigDocument', () => {
  it('keeps quarantine retention within 1 to 90 days', () => {
    expect(errorsOf(EmailConfigDocument, { quarantine_spec: { retention_days: 91 } })).toEqual([{ path: 'quarantine_spec.retention_days', key: 'too_big' }]);
  });
});

describe('DLP', () => {
  it('compiles regular-expression dictionary entries', () => {
    const doc = (entries: string[]) => ({ list: [{ id: 'd', name: 'Keys', kind: 'regex', entries }] });
    expect(errorsOf(DlpDictionariesDocument, doc(['AKIA[0-9A-Z]{16}']))).toEqual([]);
    expect(errorsOf(DlpDictionariesDocument, doc(['AKIA[0-9A-Z'])).map((e) => e.key)).toEqual(['invalidRegex']);
  });

  it('needs a dictionary group or a predefined dictionary in a rule', () => {
    const rule = { id: 'r', name: 'Cards', channels: ['file_upload'], action: 'block' };
    expect(errorsOf(DlpRulesDocument, { list: [rule] })).toEqual([{ path: 'list.0.groups', key: 'dictionaryRequired' }]);
    expect(errorsOf(DlpRulesDocument, { list: [{ ...rule, predefined: ['credit_card'] }] })).toEqual([]);
  });
});

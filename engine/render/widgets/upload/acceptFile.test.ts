import { describe, expect, it } from 'vitest';
import { acceptAttribute, checkUpload, isAcceptedFile, UPLOAD_FILE_TYPES } from './acceptFile';

const csvJson = [UPLOAD_FILE_TYPES.csv, UPLOAD_FILE_TYPES.json];

describe('accepted files', () => {
  it('checks the MIME type when the browser gives one', () => {
    expect(isAcceptedFile({ name: 'a.csv', type: 'text/csv' }, csvJson)).toBe(true);
    expect(isAcceptedFile({ name: 'a.csv', type: 'image/png' }, csvJson)).toBe(false);
    expect(isAcceptedFile({ name: 'noext', type: 'application/json' }, csvJson)).toBe(true);
  });
  it('checks the extension when no type is given', () => {
    expect(isAcceptedFile({ name: 'fw.UPDATEPACKAGE', type: '' }, [UPLOAD_FILE_TYPES.updatepackage])).toBe(true);
    expect(isAcceptedFile({ name: 'fw.bin', type: '' }, [UPLOAD_FILE_TYPES.updatepackage])).toBe(false);
    expect(isAcceptedFile({ name: 'conf.settings', type: 'application/octet-stream' }, [UPLOAD_FILE_TYPES.settings])).toBe(true);
    expect(isAcceptedFile({ name: 'noext', type: '' }, csvJson)).toBe(false);
  });
  it('knows every type the spec lists', () => {
    expect(Object.keys(UPLOAD_FILE_TYPES)).toEqual(
      expect.arrayContaining(['txt', 'csv', 'crt', 'pem', 'json', 'png', 'jpg', 'gif', 'svg', 'updatepackage', 'settings']),
    );
  });
});

describe('checking an upload', () => {
  const f = (name: string, type: string) => ({ name, type });
  it('refuses more than one file unless multiple is allowed, for 3001 ms', () => {
    expect(checkUpload([f('a.csv', 'text/csv'), f('b.csv', 'text/csv')], csvJson, false)).toEqual({
      ok: false,
      reason: 'multiple',
      message: 'multiple file upload not supported',
      duration: 3001,
    });
    expect(checkUpload([f('a.csv', 'text/csv'), f('b.csv', 'text/csv')], csvJson, true).ok).toBe(true);
  });
  it('refuses a file of another type, for 2999 ms', () => {
    expect(checkUpload([f('a.exe', 'application/x-msdownload')], csvJson, false)).toEqual({
      ok: false,
      reason: 'type',
      message: 'Invalid file type uploaded',
      duration: 2999,
    });
  });
  it('builds the input accept attribute', () => {
    expect(acceptAttribute([UPLOAD_FILE_TYPES.json])).toBe('.json,application/json,text/json');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentSnackbars, dismissSnackbar } from '../../core/snackbar';
import { copyToClipboard, fillTemplate, notifyCopy, notifyDownload, notifySave, notifyTemplate } from './snackbars';

const last = () => currentSnackbars().at(-1)!;

afterEach(() => {
  for (const n of currentSnackbars()) dismissSnackbar(n.id);
  vi.unstubAllGlobals();
});

describe('snackbar kinds', () => {
  it('save: success or error, 3000 ms', () => {
    notifySave({ ok: true });
    expect(last()).toMatchObject({ kind: 'success', message: 'Your changes have been saved.', duration: 3000 });
    notifySave({ ok: false, message: 'Name is taken' });
    expect(last()).toMatchObject({ kind: 'error', message: 'Name is taken' });
  });
  it("download: 'Downloading file ...' or the error, 3000 ms", () => {
    notifyDownload();
    expect(last()).toMatchObject({ kind: 'info', message: 'Downloading file ...', duration: 3000 });
    notifyDownload(new Error('Disk full'));
    expect(last()).toMatchObject({ kind: 'error', message: 'Disk full', duration: 3000 });
    notifyDownload(null);
    expect(last().message).toBe('The file could not be downloaded.');
  });
  it("copy: 'The ... has been copied to the clipboard.'", () => {
    notifyCopy('API token');
    expect(last()).toMatchObject({ kind: 'success', message: 'The API token has been copied to the clipboard.' });
  });
  it('template: fills $1, $2 … in order', () => {
    expect(fillTemplate('Retry in $1 seconds ($2)', [30, 'locked'])).toBe('Retry in 30 seconds (locked)');
    expect(fillTemplate('Keep $3', ['a'])).toBe('Keep $3');
    notifyTemplate('$1 rules were imported', [12], { kind: 'success' });
    expect(last()).toMatchObject({ kind: 'success', message: '12 rules were imported', duration: 3000 });
  });
  it('disappears after its duration', () => {
    vi.useFakeTimers();
    try {
      const id = notifyDownload();
      vi.advanceTimersByTime(2999);
      expect(currentSnackbars().some((n) => n.id === id)).toBe(true);
      vi.advanceTimersByTime(1);
      expect(currentSnackbars().some((n) => n.id === id)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('copyToClipboard', () => {
  it('writes the text and confirms', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await expect(copyToClipboard('abc', 'token')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('abc');
    expect(last().message).toBe('The token has been copied to the clipboard.');
  });
  it('reports a refusal', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    await expect(copyToClipboard('abc', 'token')).resolves.toBe(false);
    expect(last()).toMatchObject({ kind: 'error', message: 'The token could not be copied to the clipboard.' });
  });
});

/**
 * Files a component test's page saves through a temporary link (`downloadBlob`), captured instead of downloaded. Call
 * once at the top of a test file: the list is emptied before each test and filled with each file's name and content.
 */
import { beforeEach, vi } from 'vitest';

export interface SavedFile {
  readonly name: string;
  readonly blob: Blob;
}

export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  beforeEach(() => {
    saved.length = 0;
    let current: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      current = b as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: current! });
    });
  });
  return saved;
}

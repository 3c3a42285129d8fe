import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLogLevel, logger } from './logger';

const storage = new Map<string, string>();
beforeEach(() => {
  storage.clear();
  vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('logger', () => {
  it('defaults to INFO: info is written, debug is not', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    expect(currentLogLevel()).toBe('INFO');
    logger.info('hello');
    logger.debug('hidden');
    expect(info).toHaveBeenCalledWith('hello');
    expect(debug).not.toHaveBeenCalled();
  });

  it('reads the level from local storage key logLevel', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    storage.set('logLevel', 'debug');
    logger.debug('shown');
    expect(debug).toHaveBeenCalledWith('shown');
    storage.set('logLevel', 'OFF');
    logger.error('silent');
    expect(error).not.toHaveBeenCalled();
  });

  it('falls back to INFO on an unknown level', () => {
    storage.set('logLevel', 'LOUD');
    expect(currentLogLevel()).toBe('INFO');
  });
});

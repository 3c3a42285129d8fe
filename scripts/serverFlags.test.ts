import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './serverFlags.mjs';

describe("the server's Node flags", () => {
  it('`npm run server` starts the server with the same flags as `npm start`', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.server).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx server/main.ts`);
  });
});

// Types of startLines.mjs for its test.
export function portalAddress(env?: Readonly<Record<string, string | undefined>>): string;
export function readyLines(env?: Readonly<Record<string, string | undefined>>): string[];

// Types of serverFlags.mjs for the benchmarks and its test.
export const SERVER_NODE_FLAGS: readonly string[];

/** Types of `server-node-flags.mjs` (plain JavaScript, read by the start script's tests and benches). */
export const SERVER_NODE_FLAGS: string[];

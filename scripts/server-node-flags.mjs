/**
 * Node flags the API server runs with (`npm start`, and every server a bench starts, so peers and
 * the product are measured alike). A larger young generation: a busy server allocates fast (request
 * and answer objects, rows read back from the log) and, with the default 16 MB semi-spaces, spends
 * a large share of its CPU in scavenges that find most of those objects still alive because their
 * request has not finished yet. 64 MB semi-spaces cost up to ~100 MB more memory under load.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** Node's flags for the compiled server, wherever it is started. */
export const SERVER_NODE_FLAGS: readonly string[];

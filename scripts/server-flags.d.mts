/** Node's flags for the compiled server, wherever it is started. */
export const SERVER_NODE_FLAGS: readonly string[];
/** The environment it starts with, under the operator's own. */
export const SERVER_ENV: Readonly<Record<string, string>>;

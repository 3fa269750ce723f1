export type ServerProfileName = 'default' | 'small-host';

export interface ServerProfile {
  /** Node's flags for the compiled server. */
  flags: readonly string[];
  /** The environment it starts with, under the operator's own. */
  env: Readonly<Record<string, string>>;
}

/** `default`, what every server runs; `small-host`, that and memory tuning for a small host. */
export const SERVER_PROFILES: Readonly<Record<ServerProfileName, ServerProfile>>;

/** Hosts with at most this many bytes of memory run `small-host`. */
export const SMALL_HOST_MEMORY: number;

/** The profile for a host with `totalMemory` bytes, unless `env.SERVER_PROFILE` names one (an unknown name throws). */
export function profileFor(host: { totalMemory: number; env: Readonly<Record<string, string | undefined>> }): {
  name: ServerProfileName;
  reason: string;
};

/** The memory this process may use: the machine's, or its container's limit when lower. */
export function hostMemory(): number;

/** The profile `npm start` runs on this host (profileFor with hostMemory()), with its flags and environment. */
export function serverProfile(env?: Readonly<Record<string, string | undefined>>): ServerProfile & {
  name: ServerProfileName;
  reason: string;
};

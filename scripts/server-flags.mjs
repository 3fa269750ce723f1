// How node runs the compiled server, as named profiles of node flags and environment: `default`,
// what every server runs, and `small-host`, which adds memory tuning for a host with little memory.
// `npm start` and the e2e harnesses choose with serverProfile() (SERVER_PROFILE overrides the
// choice); the bench runs `small-host`, whose memory its target is. The measurements behind each
// flag, and the flags measured and left out (--expose-gc, --optimize-for-size): docs/performance.md,
// "Node flags for a small host". The server's own code reads none of this, so `npm run dev` (tsx,
// no flags) runs the same code under V8's defaults.
import os from 'node:os';

const DEFAULT_FLAGS = [
  // Stack traces in logs point into the TypeScript sources.
  '--enable-source-maps',
  // V8's memory reducer shrinks the heap after a quiet spell, and the server then stays slower for
  // the whole burst that follows one; idle spells and bursts are a web server's ordinary day. It
  // must be on the command line: V8 makes the reducer when it sets the heap up.
  '--no-memory-reducer',
  // The young generation is collected in a task of its own between requests, in the quiet after a
  // render, rather than when it is nearly full, in the middle of a render.
  '--minor-gc-task-trigger=30',
];

export const SERVER_PROFILES = {
  default: { flags: DEFAULT_FLAGS, env: {} },
  'small-host': {
    flags: [
      ...DEFAULT_FLAGS,
      // Smaller halves of the young generation than V8's, which sizes them for throughput on big machines.
      '--max-semi-space-size=4',
      // The old generation grows by half its live size after a collection, so the garbage of a burst
      // is collected instead of kept up to the heap's far limit.
      '--heap-growing-percent=50',
    ],
    // Under the operator's own environment (theirs win); other C libraries than glibc ignore these names.
    env: {
      // Two allocator arenas instead of eight per core for libuv's threads.
      MALLOC_ARENA_MAX: '2',
      // A fixed threshold for mapping big blocks: glibc otherwise raises it as they are freed, and
      // the compression buffers of a burst stay in its heap after the burst.
      MALLOC_MMAP_THRESHOLD_: '131072',
      // Free memory at the top of the heap is handed back to the system once there is this much.
      MALLOC_TRIM_THRESHOLD_: '131072',
    },
  },
};

/** Hosts with at most this much memory (or a container limited to it) run `small-host`. */
export const SMALL_HOST_MEMORY = 4 * 1024 ** 3;

const gib = (bytes) => `${Number((bytes / 1024 ** 3).toFixed(1))} GiB`;

/** The profile for a host with `totalMemory` bytes, unless `env.SERVER_PROFILE` names one. */
export function profileFor({ totalMemory, env }) {
  const asked = env.SERVER_PROFILE;
  if (asked) {
    if (!Object.hasOwn(SERVER_PROFILES, asked)) {
      throw new Error(`SERVER_PROFILE=${asked}: expected one of ${Object.keys(SERVER_PROFILES).join(', ')}`);
    }
    return { name: asked, reason: `SERVER_PROFILE=${asked}` };
  }
  const overrides = `SERVER_PROFILE=${Object.keys(SERVER_PROFILES).join('|')} overrides`;
  return totalMemory <= SMALL_HOST_MEMORY
    ? { name: 'small-host', reason: `${gib(totalMemory)} of memory, at most ${gib(SMALL_HOST_MEMORY)}; ${overrides}` }
    : { name: 'default', reason: `${gib(totalMemory)} of memory, more than ${gib(SMALL_HOST_MEMORY)}; ${overrides}` };
}

/** The memory this process may use: the machine's, or its container's limit when lower. */
export function hostMemory() {
  const limit = process.constrainedMemory();
  return limit ? Math.min(os.totalmem(), limit) : os.totalmem();
}

/** The profile `npm start` runs on this host, with its flags and environment. */
export function serverProfile(env = process.env) {
  const choice = profileFor({ totalMemory: hostMemory(), env });
  return { ...choice, ...SERVER_PROFILES[choice.name] };
}

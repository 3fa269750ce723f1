// How node runs the compiled server, however it is started: `npm start`, the bench and the e2e
// harness all pass these, so what is measured and tested is what runs in production.
export const SERVER_NODE_FLAGS = [
  // Stack traces in logs point into the TypeScript sources.
  '--enable-source-maps',
  // V8's memory reducer shrinks the heap once a process has allocated little for about 20 s. A
  // server that had been idle that long then answered kept reads about 20% slower for as long as
  // the load lasted (53k instead of 66k req/s on GET /cms/sliders, over 30 s, on the bench's
  // server; a bare node:http server, which allocates almost nothing, does not slow down). Idle
  // spells followed by a burst are a web server's ordinary day. The price: memory taken in a burst
  // is not handed back in quiet spells. On the demo, 45 s after 25 s of mixed reads: no difference
  // once its pages are kept (249 MB resident with the reducer, 237 MB without), and 189 MB against
  // 319 MB after a cold start met by 50 connections at once (peaks 349 and 407 MB).
  // A host has to have the peak anyway. It must be on the command line: V8 makes the reducer when
  // it sets the heap up, so v8.setFlagsFromString at start-up is too late (tried).
  '--no-memory-reducer',
  // Not here: --optimize-for-size. Measured with `npm run bench` (issue #35): 157 MB idle and
  // 213 MB after the load instead of 184 and 283, but kept pages and API reads 25-30% slower
  // (GET /about from the page cache 12.4k instead of 18.5k req/s, GET /cms/sliders 25.8k instead
  // of 29.8k). Memory a host can plan for; throughput under a burst is what visitors feel.
];

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
  // The young generation's two halves at 4 MB each rather than V8's 16 (it sized them for
  // throughput on big machines), and the old generation grown by half its live size after a
  // collection rather than up to four times it: measured with `npm run bench` (issue #35), together
  // with SERVER_ENV below, 156 MB idle and 193 MB after the load instead of 186 and 279 (the
  // garbage of a burst was kept until the heap's far limit; after a full collection only 60 MB of
  // it was live), kept pages at the same ratio to bare node. Either alone did little: 172/249 MB
  // with these two flags, 186/279 MB with the allocator's settings.
  '--max-semi-space-size=4',
  '--heap-growing-percent=50',
  // V8 collects the young generation in a task of its own once it is 30% full rather than 80%: the
  // task runs between requests, in the quiet a page render is followed by, and a render seldom meets
  // a full young generation (a collection of 1-2.5 ms, in the middle of the request). Measured with
  // tests/bench's fresh-page rounds (issue #35): of 110 renders of /about after a page write, 50 met
  // a collection (0.73 ms a request on average) with V8's 80%, none with 30%; in turns with the
  // same build, p50 8.3-9.2 against 8.9-10.8 ms, p99 16.9-21.3 against 20.4-26.8 ms. 10% was
  // worse (collections so frequent that requests met them again), 40-50% in between.
  '--minor-gc-task-trigger=30',
  // Not here: --expose-gc, for one full collection after the start's first render. It saved 7 MB
  // at idle (131 → 124 MB on the demo), but from that forced collection on, kept API reads were
  // answered about a sixth slower for as long as the process lived (issue #35, GET /cms/sliders
  // against a bare node:http copy of the answer, 50 connections, 3 rounds of 5 s after a 3 s warm-up:
  // 0.74-0.79 of bare with the collection, 0.92 without; with the flag and no call, 0.92; scavenges
  // alike in number and length, no full collection under the load: the cost is V8's, not the GC's).
  // Not here: --optimize-for-size. Measured with `npm run bench` (issue #35): 157 MB idle and
  // 213 MB after the load instead of 184 and 283, but kept pages and API reads 25-30% slower
  // (GET /about from the page cache 12.4k instead of 18.5k req/s, GET /cms/sliders 25.8k instead
  // of 29.8k). Memory a host can plan for; throughput under a burst is what visitors feel.
];

/**
 * The environment the compiled server starts with, under the operator's own (theirs win). glibc's
 * allocator otherwise raises its threshold for mapping big blocks as they are freed, so the
 * compression buffers of a burst (brotli's window is megabytes) stayed in its heap after the burst;
 * with the threshold fixed, big blocks are mapped and given back when freed, the heap is trimmed
 * above 128 KB, and the allocator keeps two arenas rather than eight per core for libuv's threads.
 * Other C libraries ignore these names.
 */
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

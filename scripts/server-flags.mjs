// How node runs the compiled server, however it is started: `npm start`, the bench and the e2e
// harness all pass these, so what is measured and tested is what runs in production.
export const SERVER_NODE_FLAGS = [
  // Stack traces in logs point into the TypeScript sources.
  '--enable-source-maps',
  // V8's memory reducer shrinks the heap once a process has allocated little for about 20 s. A
  // server that had been idle that long then answered kept reads about 20% slower for as long as
  // the load lasted (53k instead of 66k req/s on GET /cms/sliders, measured on the bench's server;
  // a bare node:http server does not slow down, it allocates almost nothing). Idle spells followed
  // by a burst are a web server's ordinary day, so the heap it would have given back (about 40 MB
  // after a burst) is kept instead. The flag has to be on the command line: V8 makes the reducer
  // when the heap is set up.
  '--no-memory-reducer',
];

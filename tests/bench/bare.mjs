// The yardsticks: a bare node:http server answering one answer from memory. With HEADERS_FILE it
// sends exactly what our server sent for the same request (status line, headers and body bytes,
// already compressed where ours was); without, the body alone with a content type.
// With YARDSTICK=fastify it is instead the least a Fastify app can do for the same answer: one
// route whose onRequest hook takes the reply over and writes those bytes, the shape of our kept
// answers' one exit (writeKeptAnswer). Loaded beside ours, it says how much of the gap to bare is
// Fastify's own work per request and how much is ours.
import fs from 'node:fs';
import http from 'node:http';
import Fastify from 'fastify';

const body = fs.readFileSync(process.env.BODY_FILE);
const headers = process.env.HEADERS_FILE
  ? JSON.parse(fs.readFileSync(process.env.HEADERS_FILE, 'utf8'))
  : { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
const port = Number(process.env.PORT);

if (process.env.YARDSTICK === 'fastify') {
  const app = Fastify({ logger: { level: 'warn' } });
  app.addHook('onRequest', function writeTheAnswer(request, reply, done) {
    if (!request.routeOptions.config.kept) return done();
    reply.hijack();
    reply.raw.writeHead(200, headers).end(body);
  });
  app.get('/*', { config: { kept: true } }, async () => undefined);
  await app.listen({ port, host: '127.0.0.1' });
  console.log('ready');
} else {
  http
    .createServer((_req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    })
    .listen(port, '127.0.0.1', () => console.log('ready'));
}

// The yardstick: a bare node:http server answering the same sliders body from memory.
import http from 'node:http';
import fs from 'node:fs';

const body = fs.readFileSync(process.env.BODY_FILE);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));

// The yardstick: a bare node:http server answering one answer from memory. With HEADERS_FILE it
// sends exactly what our server sent for the same request (status line, headers and body bytes,
// already compressed where ours was); without, the body alone with a content type.
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.BODY_FILE);
const headers = process.env.HEADERS_FILE
  ? JSON.parse(fs.readFileSync(process.env.HEADERS_FILE, 'utf8'))
  : { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };
http
  .createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));

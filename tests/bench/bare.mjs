// The yardstick: a bare node:http server answering one body from memory: the sliders JSON, or
// (BODY_ENCODING=br) a page compressed once as the server keeps it, for the page rows.
import http from 'node:http';
import fs from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';

const plain = fs.readFileSync(process.env.BODY_FILE);
const br = process.env.BODY_ENCODING === 'br';
const body = br ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : plain;
const headers = {
  'content-type': process.env.CONTENT_TYPE ?? 'application/json; charset=utf-8',
  'content-length': body.length,
  ...(br ? { 'content-encoding': 'br' } : {}),
};
http
  .createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));

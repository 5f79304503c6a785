// The ceiling: a bare node:http server on the same machine, in the same run. Every shop figure
// is also shown as a share of what this answers.
import { createServer } from 'node:http';
import process from 'node:process';

const port = Number(process.argv[2] ?? 3901);
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('hello');
}).listen(port, '127.0.0.1', () => process.send?.('ready'));

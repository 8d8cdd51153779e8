// Serves dist/ on loopback for `npm start`, the browser tests and the
// benchmarks, through sirv: application/wasm for streaming compilation,
// no caching (a rebuild shows at once), and CORS so that a page on another
// origin can load the embeddable bundle, as from a CDN.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

/** Starts serving `root` on `port` (0 picks a free one); resolves to the server. */
export function serve(root, port = 0) {
  const files = sirv(root, {
    dev: true,
    setHeaders: (response) => response.setHeader('access-control-allow-origin', '*'),
  });
  const server = createServer((request, response) =>
    files(request, response, () => response.writeHead(404).end('not found')),
  );
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 5173);
  const server = await serve('dist', port);
  console.log(`Grundy Playground: http://127.0.0.1:${server.address().port}/`);
}

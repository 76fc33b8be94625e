import { createServer } from 'node:http';

// While the process starts (the database migrated and seeded, the app built) it already listens,
// so an orchestrator sees it alive and not ready rather than a refused connection (issue 32 item
// 5): /api/health answers 200, everything else 503 with Retry-After. The app takes the port over.

const STARTING_BODY = JSON.stringify({ status: 'unavailable' });

/** Listens on `port` until the returned function is called; it resolves once the port is free. */
export async function listenWhileStarting(
  port: number,
  host: string,
): Promise<() => Promise<void>> {
  const server = createServer((request, response) => {
    const isHealth = request.url === '/api/health';
    response.writeHead(isHealth ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...(isHealth ? {} : { 'retry-after': '5' }),
    });
    response.end(isHealth ? JSON.stringify({ status: 'ok' }) : STARTING_BODY);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      // A prober's kept-alive connection would hold the port: the app answers its next request.
      server.closeAllConnections();
    });
}

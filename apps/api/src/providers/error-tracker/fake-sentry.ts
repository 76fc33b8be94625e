import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One envelope as Sentry's ingest receives it: its headers and items, parsed. */
type ReceivedEnvelope = {
  url: string;
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: Record<string, unknown> }[];
  raw: string;
};

/**
 * A local stand-in for Sentry's ingest (`POST /api/{project}/envelope/`), recording each envelope
 * for the adapter's contract test. Listens on 127.0.0.1 only; `failNext` answers 503 once.
 */
export async function startFakeSentry() {
  const envelopes: ReceivedEnvelope[] = [];
  let failNext = false;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (failNext) {
        failNext = false;
        response.writeHead(503).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const [header, ...rest] = raw.split('\n').filter((line) => line.trim() !== '');
      const items = [];
      for (let index = 0; index + 1 < rest.length; index += 2) {
        items.push({ header: JSON.parse(rest[index]!), payload: JSON.parse(rest[index + 1]!) });
      }
      envelopes.push({ url: request.url ?? '', header: JSON.parse(header ?? '{}'), items, raw });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    envelopes,
    failOnce: () => {
      failNext = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

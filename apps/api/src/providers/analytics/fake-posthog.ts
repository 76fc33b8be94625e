import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One event as PostHog's capture API receives it. */
type ReceivedEvent = {
  event: string;
  distinct_id: string;
  timestamp: string;
  properties: Record<string, unknown>;
};

/**
 * A local stand-in for PostHog's capture API (`POST /batch/`, JSON, gzip or not), recording what
 * arrives with the raw bodies, for the adapter's contract test. Listens on 127.0.0.1 only.
 */
export async function startFakePosthog() {
  const events: ReceivedEvent[] = [];
  const bodies: string[] = [];
  const apiKeys: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const text = (
        request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw
      ).toString('utf8');
      bodies.push(text);
      const body = JSON.parse(text) as { api_key?: string; batch?: ReceivedEvent[] };
      if (request.url?.startsWith('/batch') && body.batch) {
        apiKeys.push(body.api_key ?? '');
        events.push(...body.batch);
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `http://127.0.0.1:${port}`,
    events,
    bodies,
    apiKeys,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Test support for suites that walk the embedded sign-in over real HTTP: a free local port for
// the app to listen on, a tiny browser that keeps cookies for one host, and form posts.
import { createServer } from 'node:net';

/**
 * A port nothing listens on now, as the system gives it (the app then listens on it for the suite
 * or the bench). A port picked at random could be one a server left running still holds: the
 * bench once measured that server, not its own, which had stopped at EADDRINUSE.
 */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Keeps cookies like a browser would (enough for one host), follows no redirect by itself. */
export function createBrowser() {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async request(url: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      if (cookies.size > 0) {
        headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
      }
      const response = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const index = pair!.indexOf('=');
        const name = pair!.slice(0, index).trim();
        const value = pair!.slice(index + 1).trim();
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      return response;
    },
  };
}

/** A POST of url-encoded fields, as an HTML form sends it. */
export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

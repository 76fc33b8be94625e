// A tiny browser for the journey benchmark: keeps cookies (one host), follows no redirect by
// itself, and connects from its own loopback address so each virtual customer is a different
// client IP to the server (the sign-in code limits count per client IP, as for real visitors).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export type HttpResponse = {
  status: number;
  location: string | null;
  text: string;
  json: <T>() => T;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a URLSearchParams as a form; a string as is. */
  body?: unknown;
};

/** Sees every answer (or failure: status 0) of every VirtualBrowser: the soak counts them. */
type RequestObserver = (answer: { status: number; ms: number }) => void;
let observer: RequestObserver | null = null;

export function observeRequests(next: RequestObserver | null): void {
  observer = next;
}

export class VirtualBrowser {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  private readonly cookies = new Map<string, string>();
  /** Requests sent so far (the journey shows how many each step takes). */
  requestCount = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly localAddress: string,
  ) {
    if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(baseUrl)) {
      throw new Error('the journey benchmark only talks to 127.0.0.1');
    }
  }

  /** `target` is a path on the server or an absolute URL on it. */
  async request(target: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const url = new URL(target, this.baseUrl);
    if (url.origin !== this.baseUrl) throw new Error(`refusing to leave ${this.baseUrl}: ${url}`);
    this.requestCount += 1;
    const headers: Record<string, string> = { ...options.headers };
    let payload: string | undefined;
    if (options.body instanceof URLSearchParams) {
      payload = options.body.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (typeof options.body === 'string') {
      payload = options.body;
    } else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const started = performance.now();
    const sent = new Promise<http.IncomingMessage & { body: string }>((resolve, reject) => {
      const request = http.request(
        url,
        {
          method: options.method ?? 'GET',
          headers,
          agent: this.agent,
          localAddress: this.localAddress,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve(Object.assign(res, { body: Buffer.concat(chunks).toString('utf8') })),
          );
          res.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
    let response: http.IncomingMessage & { body: string };
    try {
      response = await sent;
    } catch (error) {
      observer?.({ status: 0, ms: performance.now() - started });
      throw error;
    }
    observer?.({ status: response.statusCode ?? 0, ms: performance.now() - started });
    this.keepCookies(response.headers['set-cookie'] ?? []);
    const text = response.body;
    return {
      status: response.statusCode ?? 0,
      location: response.headers.location ?? null,
      text,
      json: <T>() => JSON.parse(text) as T,
    };
  }

  private keepCookies(lines: string[]) {
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  close() {
    this.agent.destroy();
  }
}

/** A distinct loopback address per virtual customer: 127.1.0.1, 127.1.0.2, ... */
export function loopbackAddress(index: number): string {
  const a = 1 + Math.floor(index / 62_500);
  const b = Math.floor(index / 250) % 250;
  const c = (index % 250) + 1;
  return `127.${a}.${b}.${c}`;
}

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createTestApp } from '../../test/test-app';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the web app (SPA) with a built dist folder', () => {
  let app: App;
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'motor-web-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(distDir, 'assets', 'index-a1b2c3.js'), 'console.log("app");');
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await createTestApp({ config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await app.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it.each(['/', '/quote/abc123/summary', '/policies/P-1?tab=documents'])(
    'answers the browser navigation %s with index.html, not cached',
    async (url) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { accept: BROWSER_ACCEPT },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('serves hashed assets with a long, immutable cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-a1b2c3.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files from dist, revalidated', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/api/unknown', '/auth/unknown', '/sandbox/unknown', '/dev/unknown', '/api'])(
    'does not fall back to the SPA under a reserved prefix: %s is a JSON 404',
    async (url) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { accept: BROWSER_ACCEPT },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    },
  );

  it('does not fall back for a missing asset the browser fetches as a script', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/missing-123.js',
      headers: { accept: 'application/javascript' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 for a missing asset even when the client accepts HTML (issue 21 item 7)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/missing-456.js',
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
  });

  it('does not fall back for other methods', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/quote',
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(response.statusCode).toBe(404);
  });

  it('keeps the API answering under the same server', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('the web app without a dist folder', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({
      config: { webDistDir: path.join(tmpdir(), 'motor-no-such-dist') },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers / with a 503 page saying to build the web app', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm run build');
  });

  it('still answers the API', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});

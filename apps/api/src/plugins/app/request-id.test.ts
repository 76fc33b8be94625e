import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app-types';
import { createLogCapture, createTestApp } from '../../test/test-app';

describe('request ids', () => {
  let app: App;
  const logs = createLogCapture('info');
  beforeAll(async () => {
    app = await createTestApp({ logger: logs.logger });
  });
  afterAll(async () => {
    await app.close();
  });

  it('echoes an incoming x-request-id and logs with it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.42:1' },
    });
    expect(response.headers['x-request-id']).toBe('lb-7f3a.42:1');
    expect(logs.entries.some((entry) => entry.reqId === 'lb-7f3a.42:1')).toBe(true);
  });

  it('logs the W3C trace a request belongs to, and ignores a malformed traceparent', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'traced-1', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    const traced = logs.entries.filter((entry) => entry.reqId === 'traced-1');
    expect(traced.length).toBeGreaterThan(0);
    for (const entry of traced) {
      expect(entry).toMatchObject({ traceId, parentSpanId: '00f067aa0ba902b7' });
    }
    await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: {
        'x-request-id': 'traced-2',
        traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
      },
    });
    const malformed = logs.entries.filter((entry) => entry.reqId === 'traced-2');
    expect(malformed.length).toBeGreaterThan(0);
    expect(malformed.some((entry) => 'traceId' in entry)).toBe(false);
  });

  it('makes a new id when none (or an unsafe one) comes in', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const hostile = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '<script>alert(1)</script>' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the id on error responses, in the header and the body', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'abc123' },
    });
    expect(response.headers['x-request-id']).toBe('abc123');
    expect(response.json().error.requestId).toBe('abc123');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app-types';
import { createTestApp } from '../../../test/test-app';

type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components?: { schemas?: Record<string, unknown> };
};

describe('OpenAPI and docs', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves an OpenAPI 3 document built from the contract schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json<OpenApiDocument>();

    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBeTruthy();

    const health = document.paths['/api/health']?.get;
    expect(health?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
    });
    expect(document.components?.schemas?.['Health']).toMatchObject({
      type: 'object',
      properties: { status: { const: 'ok' } },
    });
    const ready = document.paths['/api/ready']?.get;
    expect(Object.keys(ready?.responses ?? {}).sort()).toEqual(['200', '503']);
    expect(document.components?.schemas).toHaveProperty('ErrorBody');

    // Only API routes are documented: not the docs themselves, the spec or the static files.
    expect(Object.keys(document.paths).every((route) => route.startsWith('/api/'))).toBe(true);
    expect(document.paths).not.toHaveProperty('/api/openapi.json');
    expect(Object.keys(document.paths).some((route) => route.startsWith('/api/docs'))).toBe(false);
  });

  it('tells a client which operations need a bearer token and who may call each', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<
        string,
        Record<string, { security?: unknown[]; 'x-access'?: string[]; 'x-permission'?: string }>
      >;
    }>();
    expect(document.components.securitySchemes['bearerAuth']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    // Anyone: no token needed.
    expect(document.paths['/api/session']?.post?.security).toEqual([]);
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
    // A quote needs a session's token.
    const update = document.paths['/api/proposals/{code}']?.patch;
    expect(update?.security).toEqual([{ bearerAuth: [] }]);
    expect(update?.['x-access']).toEqual(expect.arrayContaining(['anonymous', 'customer']));
    expect(update).not.toHaveProperty('x-permission');
    // A staff page also names the permission it needs besides the role (decision 033).
    const jobs = document.paths['/api/admin/jobs']?.get;
    expect(jobs?.['x-access']).toEqual(['admin']);
    expect(jobs?.['x-permission']).toBe('access:operations');
    expect(document.paths['/api/admin/customers']?.get?.['x-permission']).toBe(
      'access:impersonate',
    );
  });

  it('serves the Swagger UI page and its assets at /api/docs', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');

    const script = await app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);

    const initializer = await app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json()).toHaveProperty('paths./api/health');
  });
});

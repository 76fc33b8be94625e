import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { definePlugin } from '../define-plugin';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI 3 built from the routes' zod schemas (which come from @motor/contract), served at
 * /api/openapi.json, with Swagger UI at /api/docs. Registered before any route so that every
 * route is collected.
 */
export const apiDocsPlugin = definePlugin<{ publicUrl: string }>(
  'api-docs',
  async (app, options) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Motor insurance API',
          description:
            'Quote, buy, manage, renew and cancel UK motor insurance. Errors always have the body ' +
            '`{ error: { code, message, requestId, details? } }` (schema ErrorBody).',
          version: '0.0.0',
        },
        servers: [{ url: options.publicUrl }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });

    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // The validator badge is an image from validator.swagger.io: blocked by our CSP and it
      // would send our spec's URL to a third party.
      validatorUrl: false,
      uiConfig: { deepLinking: true },
    });

    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
);

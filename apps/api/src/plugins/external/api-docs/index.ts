import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../modules/identity';
import { describeDisclosures } from './disclosures';
import { definePlugin } from '../../../app-types';

const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PREFIX = '/api/docs';
const BEARER_SCHEME = 'bearerAuth';

/**
 * The zod transform, plus who may call each operation: a client reading the document learns that
 * a route needs a bearer token (`security`), which kinds of caller it accepts (`x-access`) and
 * the permission an admin needs besides (`x-permission`).
 */
const transform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const access: readonly RouteAccess[] = input.route.config?.access ?? [];
  const isPublic = access.includes('public');
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      security: isPublic ? [] : [{ [BEARER_SCHEME]: [] }],
      'x-access': access,
      ...(input.route.config?.permission ? { 'x-permission': input.route.config.permission } : {}),
    },
  };
};

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
            '`{ error: { code, message, requestId, details? } }` (schema ErrorBody). ' +
            'Most operations need `Authorization: Bearer <accessToken>`: POST /api/session gives ' +
            'an anonymous session token (enough to get a quote and buy); signing in through the ' +
            "identity provider gives a customer's or an admin's token. `x-access` on each " +
            'operation lists who may call it (public, anonymous, customer, admin); `x-permission`, ' +
            'when present, the permission an admin needs besides the role.',
          version: '0.0.0',
        },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: {
            [BEARER_SCHEME]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'An accessToken from POST /api/session, or from signing in.',
            },
          },
        },
        security: [{ [BEARER_SCHEME]: [] }],
      },
      transform,
      // Then the disclosure answers, which the routes' zod schemas carry only as `value: unknown`.
      transformObject: (input) => describeDisclosures(jsonSchemaTransformObject(input)),
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

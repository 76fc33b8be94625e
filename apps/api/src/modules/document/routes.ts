import { z } from 'zod';
import {
  DocumentLocationResponseSchema,
  ErrorBodySchema,
  PolicyDocumentParamsSchema,
  PolicyDocumentQuerySchema,
} from '@motor/contract';
import { AppError, errorResponses } from '../../errors';
import type { AppPlugin } from '../../app-types';
import { SIGNED_IN } from '../identity';
import { getOwnPolicy } from '../policy';
import { createDocumentLink, ensureDocumentKey, readDocumentLink } from './service';

const errors = errorResponses(401, 403, 404);

const DOCUMENT_LINK_EXPIRED_MESSAGE =
  'This document link has expired. Open the document again from your policy.';
const NOT_TAKEN_UP_CERTIFICATE_MESSAGE =
  'This policy was not taken up: it never gave cover, so it has no certificate of insurance.';

/**
 * GET /api/documents/policy/{id}/{doc}: a short-lived signed link to one of the policy's
 * documents (rendered now if it is missing). GET /api/documents/file?token=: the PDF itself;
 * public, because the token is the permission (a browser tab carries no bearer token).
 */
export const documentRoutes: AppPlugin = async (app) => {
  app.get(
    '/documents/policy/:id/:doc',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['documents'],
        summary: 'A link to open a policy or product document',
        description:
          "A policy's certificate and schedule are kept per version: `version` names one " +
          '(a policyVersionId of the policy; 404 otherwise); without it, the version in force.',
        params: PolicyDocumentParamsSchema,
        querystring: PolicyDocumentQuerySchema,
        response: {
          200: DocumentLocationResponseSchema,
          400: ErrorBodySchema,
          409: ErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { id, doc } = request.params;
      const policy = await getOwnPolicy(app.db, request.principal, id);
      // Not taken up: void from inception, so no certificate says it was ever on cover.
      if (policy.status === 'NTU' && doc === 'policy-certificate') {
        throw new AppError('CONFLICT', NOT_TAKEN_UP_CERTIFICATE_MESSAGE);
      }
      const key = await ensureDocumentKey(app, policy, doc, { versionId: request.query.version });
      return createDocumentLink(app, { key, fileName: `${policy.policyNumber}-${doc}.pdf` });
    },
  );

  app.get(
    '/documents/file',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['documents'],
        summary: 'Streams a document named by a signed link',
        description: 'Answers application/pdf; 410 when the link has expired or was altered.',
        querystring: z.object({ token: z.string().min(1).max(2000) }),
      },
    },
    async (request, reply) => {
      const link = await readDocumentLink(app, request.query.token);
      if (!link) throw new AppError('GONE', DOCUMENT_LINK_EXPIRED_MESSAGE);
      const bytes = await app.providers.storage.get(link.key);
      if (!bytes) throw new AppError('NOT_FOUND', 'We could not find that document.');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${link.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};

import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ErrorBodySchema,
  UploadCommitRequestSchema,
  UploadCommitResponseSchema,
  UploadParamsSchema,
  UploadStageQuerySchema,
  UploadStageResponseSchema,
  UploadStagedFileParamsSchema,
} from '@motor/contract';
import type { FastifyRequest } from 'fastify';
import type { AppPlugin } from '../../app-types';
import { AppError, errorResponses } from '../../errors';
import { SIGNED_IN } from '../identity';
import { registeredSchemeCodes, brandOfScheme } from '../brand';
import {
  commitUploads,
  readUploadStream,
  refuseTooLarge,
  removeStagedUpload,
  resolveUploadTarget,
  stageUpload,
  type UploadTarget,
} from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The largest file any product's upload type takes: the parser's own ceiling. */
function largestUploadSize(): number {
  const sizes = registeredSchemeCodes().flatMap((schemeCode) =>
    Object.values(brandOfScheme(schemeCode).getProductConfig(schemeCode).uploads).map(
      (config) => config.maxSize,
    ),
  );
  return Math.max(1, ...sizes);
}

/**
 * The one file part, read to its end. A broken envelope (no boundary, cut short, malformed part
 * headers) is the request's fault: busboy says so with a plain Error, answered here as a 400.
 */
async function readMultipartFile(request: FastifyRequest, target: UploadTarget) {
  try {
    const file = await request.file({
      limits: { fileSize: target.config.maxSize },
      throwFileSizeLimit: false,
    });
    if (!file) throw new AppError('BAD_REQUEST', 'The request holds no file.');
    return { file, ...(await readUploadStream(file.file, target.config)) };
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || typeof status === 'number') throw error;
    throw new AppError('BAD_REQUEST', 'The file could not be read: send it again.', undefined, {
      cause: error,
    });
  }
}

/**
 * POST /api/documents/upload/stage/{policyId}?purpose=: one file, multipart, streamed (spec 3 §7
 * stageUpload). POST /api/documents/upload/commit/{policyId}: the staged files, a comment and the
 * purpose (commitUpload). DELETE /api/documents/upload/stage/{policyId}/{stageId}: a staged file
 * taken off the list. The policy's owner or staff acting for them; ACTIVE or PENDING policies
 * (except for removing); upload types of the policy's product only.
 */
export const uploadRoutes: AppPlugin = async (app) => {
  // The multipart parser only for the stage route: every other route keeps refusing multipart.
  const stageRoute: AppPlugin = async (scope) => {
    await scope.register(multipart, {
      limits: {
        files: 1,
        fields: 5,
        fieldSize: 1024,
        parts: 6,
        headerPairs: 20,
        fileSize: largestUploadSize(),
      },
    });

    scope.post(
      '/documents/upload/stage/:policyId',
      {
        config: { access: SIGNED_IN },
        schema: {
          tags: ['documents'],
          summary: 'Stages one file for an upload (multipart/form-data, one file part)',
          description:
            'The file is checked by its bytes against the upload type of the product ' +
            '(`purpose`): 413 when it is too large, 415 when it is not an accepted type; ' +
            '`details.reason` says which (file-too-large, file-invalid-type, too-many-files). ' +
            'Nothing is stored for a refused file. Commit staged files within a day.',
          params: UploadParamsSchema,
          querystring: UploadStageQuerySchema,
          response: {
            201: UploadStageResponseSchema,
            ...errors,
            413: ErrorBodySchema,
            415: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const target = await resolveUploadTarget(app, {
          principal: request.principal,
          policyId: request.params.policyId,
          purpose: request.query.purpose,
        });
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
        }
        // A declared length far over the limit is refused before a byte is read.
        const declared = Number(request.headers['content-length']);
        if (declared > target.config.maxSize + MULTIPART_OVERHEAD_BYTES) {
          refuseTooLarge(target.config);
        }
        const { file, bytes, sha256 } = await readMultipartFile(request, target);
        const staged = await stageUpload(app, {
          target,
          principal: request.principal,
          fileName: file.filename,
          bytes,
          sha256,
        });
        return reply.code(201).send(staged);
      },
    );
  };
  await app.register(stageRoute);

  app.delete(
    '/documents/upload/stage/:policyId/:stageId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['documents'],
        summary: 'Removes a staged file that has not been committed',
        description:
          'Deletes its bytes and its record (audited as `upload.remove`). 404 for a file that ' +
          'is not staged for this policy of the caller (or of the customer staff act for); ' +
          '409 for a file already committed.',
        params: UploadStagedFileParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await removeStagedUpload(app, {
        principal: request.principal,
        policyId: request.params.policyId,
        stageId: request.params.stageId,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/documents/upload/commit/:policyId',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['documents'],
        summary: 'Commits staged files with a comment',
        description:
          "At most the upload type's maxFiles files (400, `details.reason` too-many-files); " +
          'files not staged for this policy and purpose within the last day are a 409. A type ' +
          'with a maximum age (the no claims proof: under 2 years) needs documentDate, the date ' +
          'the document bears; missing, future or too old is a 400 that says why.',
        params: UploadParamsSchema,
        body: UploadCommitRequestSchema,
        response: { 201: UploadCommitResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { fileNames, comment, purpose, documentDate } = request.body;
      const target = await resolveUploadTarget(app, {
        principal: request.principal,
        policyId: request.params.policyId,
        purpose,
      });
      const committed = await commitUploads(app, {
        target,
        principal: request.principal,
        fileNames,
        comment,
        documentDate,
      });
      return reply.code(201).send(committed);
    },
  );
};

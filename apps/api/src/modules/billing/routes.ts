import type { FastifyRequest } from 'fastify';
import {
  CreateCustomerAccountRequestSchema,
  CustomerAccountListResponseSchema,
  CustomerAccountResponseSchema,
  ErrorBodySchema,
  ListCustomerAccountsQuerySchema,
  ProposalCodeParamsSchema,
  type CustomerAccountResponse,
} from '@motor/contract';
import { AppError } from '../../errors';
import type { AppPlugin } from '../../app-types';
import { getOwnerUserId, type RouteAccess } from '../identity';
import { assertCustomerVerified } from '../policy';
import { getOwnProposal, toProposalResponse } from '../proposal';
import { answerAccounts, ensureCustomerAccount, listOwnAccounts } from './accounts';

const SIGNED_IN: readonly RouteAccess[] = ['customer', 'admin'];
const config = { access: SIGNED_IN };
const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/**
 * Customer accounts (spec 2 §4 step 3, spec 3 §7): created for a verified QUOTE before checkout,
 * read by the checkout and billing pages. Signed-in callers only, their own accounts only.
 */
export const customerAccountRoutes: AppPlugin = async (app) => {
  async function createForProposal(
    request: FastifyRequest,
    code: string,
  ): Promise<CustomerAccountResponse> {
    const row = await getOwnProposal(app.db, request.principal, code);
    const status = toProposalResponse(row, app.clock.now()).status;
    if (status !== 'QUOTE' && status !== 'POLICY') {
      throw new AppError('CONFLICT', 'This quote is not ready for checkout.', { status });
    }
    if (status === 'QUOTE') await assertCustomerVerified(app, row);
    const account = await ensureCustomerAccount(app.db, { proposal: row, now: app.clock.now() });
    const [answer] = await answerAccounts(app.db, [account]);
    return answer!;
  }

  const create = {
    config,
    schema: {
      tags: ['billing'],
      summary: "Creates (or answers) the proposal's customer account",
      description:
        'The proposal must be a QUOTE whose customer verification is clear (409 otherwise). ' +
        'paymentDay is today in Europe/London, capped at 28. Balances are in pence.',
      response: { 200: CustomerAccountResponseSchema, ...errors },
    },
  };

  app.post(
    '/proposals/:code/account',
    { ...create, schema: { ...create.schema, params: ProposalCodeParamsSchema } },
    async (request) => createForProposal(request, request.params.code),
  );

  app.post(
    '/customerAccounts',
    { ...create, schema: { ...create.schema, body: CreateCustomerAccountRequestSchema } },
    async (request) => createForProposal(request, request.body.proposalCode),
  );

  app.get(
    '/customerAccounts',
    {
      config,
      schema: {
        tags: ['billing'],
        summary: "The caller's customer accounts, by proposal or policy number",
        querystring: ListCustomerAccountsQuerySchema,
        response: { 200: CustomerAccountListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listOwnAccounts(app.db, {
        ownerUserId: getOwnerUserId(request.principal),
        ...request.query,
      });
      return answerAccounts(app.db, rows);
    },
  );
};

import type { FastifyRequest } from 'fastify';
import {
  CreateCustomerAccountRequestSchema,
  CustomerAccountListResponseSchema,
  CustomerAccountParamsSchema,
  CustomerAccountResponseSchema,
  CustomerStatementParamsSchema,
  ErrorBodySchema,
  ListCustomerAccountsQuerySchema,
  NextStatementEstimateResponseSchema,
  ProposalCodeParamsSchema,
  StatementResponseSchema,
  StatementSummaryListResponseSchema,
  type CustomerAccountResponse,
} from '@motor/contract';
import { AppError } from '../../errors';
import type { AppPlugin } from '../../app-types';
import { getOwnerUserId, type RouteAccess } from '../identity';
import { assertCustomerVerified } from '../policy';
import { getOwnProposal, toProposalResponse } from '../proposal';
import {
  answerAccounts,
  ensureCustomerAccount,
  getOwnAccount,
  listOwnAccounts,
  STATEMENT_NOT_FOUND_MESSAGE,
} from './accounts';
import { getAccountStatements } from './statements';

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

  // Statements (spec 3 §7 getStatementSummaries, getCustomerStatement, getNextStatement): the
  // caller's own account only (staff acting for its owner); anyone else's answers 404.
  const statementSchema = { tags: ['billing'], params: CustomerAccountParamsSchema };

  app.get(
    '/customerAccounts/:id/statements',
    {
      config,
      schema: {
        ...statementSchema,
        summary: "The account's statements, newest first",
        description:
          'One per bill, derived from the ledger: broughtForward + subtotal = statementBalance; ' +
          'statementBalance + payments, refunds and reversals = carriedForward (pence).',
        response: { 200: StatementSummaryListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const account = await getOwnAccount(app.db, request.principal, request.params.id);
      const { statements } = await getAccountStatements(app.db, account);
      return statements.map((statement) => statement.statementSummary).reverse();
    },
  );

  app.get(
    '/customerAccounts/:id/statements/:sid',
    {
      config,
      schema: {
        tags: ['billing'],
        params: CustomerStatementParamsSchema,
        summary: 'One statement with its line items (sid: the statementNumber)',
        response: { 200: StatementResponseSchema, ...errors },
      },
    },
    async (request) => {
      const account = await getOwnAccount(app.db, request.principal, request.params.id);
      const { statements } = await getAccountStatements(app.db, account);
      const statement = statements.find(
        (candidate) => candidate.statementSummary.statementNumber === request.params.sid,
      );
      if (!statement) throw new AppError('NOT_FOUND', STATEMENT_NOT_FOUND_MESSAGE);
      return statement;
    },
  );

  app.get(
    '/customerAccounts/:id/nextStatementEstimate',
    {
      config,
      schema: {
        ...statementSchema,
        summary: 'The next bill as a DRAFT statement (empty when no bill is to come)',
        response: { 200: NextStatementEstimateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const account = await getOwnAccount(app.db, request.principal, request.params.id);
      const { estimate } = await getAccountStatements(app.db, account);
      return estimate ? [estimate] : [];
    },
  );
};

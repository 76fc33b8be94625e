import type { FastifyRequest } from 'fastify';
import {
  CreateCustomerAccountRequestSchema,
  CustomerAccountListResponseSchema,
  CustomerAccountParamsSchema,
  CustomerAccountResponseSchema,
  CustomerStatementParamsSchema,
  ListCustomerAccountsQuerySchema,
  NextStatementEstimateResponseSchema,
  ProposalCodeParamsSchema,
  StatementResponseSchema,
  StatementSummaryListResponseSchema,
  UnboundPaymentResponseSchema,
  UpdateBillingDayRequestSchema,
  UpdatePaymentDayRequestSchema,
  type CustomerAccountResponse,
} from '@motor/contract';
import { AppError, errorResponses } from '../../errors';
import type { AppPlugin } from '../../app-types';
import { getOwnerUserId, SIGNED_IN } from '../identity';
import { brandOfScheme } from '../brand';
import { assertCustomerVerified, getOwnPolicy } from '../policy';
import { findProposal, getOwnProposal, toProposalResponse } from '../proposal';
import {
  ACCOUNT_NOT_FOUND_MESSAGE,
  answerAccounts,
  ensureCustomerAccount,
  findAccountOfPolicy,
  getOwnAccount,
  listOwnAccounts,
  STATEMENT_NOT_FOUND_MESSAGE,
  type CustomerAccountRow,
} from './accounts';
import { findPaidWithoutPolicy } from './unbound-payments';
import { changePaymentDay, PAYMENT_DAY_MESSAGES } from './payment-day';
import { getAccountStatements } from './statements';

const config = { access: SIGNED_IN };
const errors = errorResponses(400, 401, 403, 404, 409);

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
    '/proposals/:code/unbound-payment',
    {
      config,
      schema: {
        tags: ['billing'],
        summary: 'Money paid for the quote that made no policy (being refunded)',
        description:
          'Non-zero after a payment whose bind was refused (the quote expired before the ' +
          'payment reached us, or another amount): it is refunded in full. The return page ' +
          'polls it while it waits. Your own proposals only (404 otherwise).',
        params: ProposalCodeParamsSchema,
        response: { 200: UnboundPaymentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await getOwnProposal(app.db, request.principal, request.params.code);
      return { amountPence: await findPaidWithoutPolicy(app.db, row.proposalCode) };
    },
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
          'One per bill, derived from the ledger: broughtForward + subtotal = carriedForward, the ' +
          'subtotal the lines that count (a payment or refund still PENDING with its provider is ' +
          'listed, not counted); statementBalance = broughtForward + the bill charges (pence).',
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

  // Payment day (spec 3 §5, §6, §7 updatePaymentDay): staff acting for the account's owner, with
  // the brand's allowModifyBillingDay on and the account ACTIVE. Someone else's account or policy
  // answers 404 first; then a customer (or the toggle off) 403, a suspended account 409.
  async function setPaymentDay(
    request: FastifyRequest,
    account: CustomerAccountRow,
    paymentDay: number,
  ): Promise<CustomerAccountResponse> {
    const proposal = await findProposal(app.db, account.proposalCode);
    const features = proposal ? brandOfScheme(proposal.schemeCode).config.features : null;
    const updated = await changePaymentDay(
      { db: app.db, now: app.clock.now() },
      {
        principal: request.principal,
        account,
        paymentDay,
        allowModifyBillingDay: features?.allowModifyBillingDay === true,
      },
    );
    const [answer] = await answerAccounts(app.db, [updated]);
    return answer!;
  }

  const paymentDayDescription =
    'Staff acting for the customer only (a customer gets 403), with the brand feature ' +
    'allowModifyBillingDay on (403 otherwise) and the account ACTIVE (409 otherwise). The next ' +
    'invoice moves to the new day: a month whose new due day has passed is billed at the next ' +
    'invoicing run, and no month is billed twice.';

  app.put(
    '/customerAccounts/:id/paymentDay',
    {
      config,
      schema: {
        tags: ['billing'],
        summary: "Changes the account's payment day (1–28)",
        description: paymentDayDescription,
        params: CustomerAccountParamsSchema,
        body: UpdatePaymentDayRequestSchema,
        response: { 200: CustomerAccountResponseSchema, ...errors },
      },
    },
    async (request) => {
      const account = await getOwnAccount(app.db, request.principal, request.params.id);
      if (request.body.policyId !== undefined && request.body.policyId !== account.policyId) {
        throw new AppError('VALIDATION_FAILED', PAYMENT_DAY_MESSAGES.wrongPolicy, {
          fields: [{ in: 'body', path: 'policyId', message: PAYMENT_DAY_MESSAGES.wrongPolicy }],
        });
      }
      return setPaymentDay(request, account, request.body.paymentDay);
    },
  );

  app.post(
    '/policies/:id/billingDay',
    {
      config,
      schema: {
        tags: ['billing'],
        summary: "Changes the payment day of the policy's account (1–28)",
        description: paymentDayDescription,
        params: CustomerAccountParamsSchema,
        body: UpdateBillingDayRequestSchema,
        response: { 200: CustomerAccountResponseSchema, ...errors },
      },
    },
    async (request) => {
      const policy = await getOwnPolicy(app.db, request.principal, request.params.id);
      const account = await findAccountOfPolicy(app.db, policy.policyId);
      if (!account) throw new AppError('NOT_FOUND', ACCOUNT_NOT_FOUND_MESSAGE);
      return setPaymentDay(request, account, request.body.billingDay);
    },
  );
};

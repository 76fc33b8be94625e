import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BankPaymentParamsSchema,
  BankPaymentRequestSchema,
  BankPaymentSessionSchema,
  BankPaymentStatusSchema,
  CardCheckoutRequestSchema,
  CardCheckoutSessionSchema,
  CardSetupRequestSchema,
  CreateMandateRequestSchema,
  ErrorBodySchema,
  MandateFlowRequestSchema,
  MandateFlowResponseSchema,
  MandateListResponseSchema,
  MandateSchema,
  MotoCheckoutRequestSchema,
  MotoCheckoutResponseSchema,
  ProposalCodeParamsSchema,
  SavedCardListResponseSchema,
  SettleCheckoutRequestSchema,
  SettleMotoRequestSchema,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import {
  ADMIN_ONLY,
  canAccessProposal,
  CUSTOMER_ONLY,
  getOwnerUserId,
  SIGNED_IN,
} from '../identity';
import { assertBindable } from '../policy';
import { findProposal, getOwnProposal } from '../proposal';
import { bindPaidProposal } from '../../flows/bind-policy';
import { takeMotoPayment } from '../../flows/take-moto-payment';
import { confirmPaidAdjustment } from '../../flows/adjust-policy/pay-adjustment';
import { postPaidSettlement, settleByPhone, startSettleCheckout } from '../../flows/settle-balance';
import { recordRefundOutcome } from '../../flows/collect-payments';
import { getBankPaymentStatus, startBankPayment } from './bank-payments';
import { findActiveCard } from './methods';
import * as repository from './repository';
import * as service from './service';
import { receiveWebhook } from './webhooks';
import { errorResponses } from '../../errors';

const AccountParamsSchema = z.object({ id: z.string().min(1).max(100) });
const errors = errorResponses(400, 401, 403, 404, 409, 503);

/**
 * Card (/api/stripe/...) and direct-debit (/api/goCardless/...) calls of spec 2 §7 and spec 3 §7,
 * whichever provider is configured behind them. Signed-in callers, their own objects only
 * (someone else's proposal or flow answers 404); the phone payment (MOTO) is admin-only.
 */
export const paymentRoutes: AppPlugin = async (app) => {
  const loadOwnProposal = (request: FastifyRequest, code: string) =>
    getOwnProposal(app.db, request.principal, code);

  app.post(
    '/stripe/checkout/proposal/:code',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['payments'],
        summary: "Starts the card provider's hosted checkout for what is due now on a proposal",
        description:
          'Answers the hosted page to redirect to. On success the customer returns to ' +
          'successPath with `session_id`, and the provider’s webhook binds the proposal.',
        params: ProposalCodeParamsSchema,
        body: CardCheckoutRequestSchema,
        response: { 201: CardCheckoutSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await loadOwnProposal(request, request.params.code);
      const session = await service.startCardCheckout(app, {
        row,
        ownerUserId: row.ownerUserId,
        ...request.body,
      });
      return reply.code(201).send(session);
    },
  );

  app.post(
    '/stripe/moto/checkout/proposal/:code',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['payments'],
        summary: 'Takes a phone (MOTO) card payment for a proposal and binds it (admin only)',
        description:
          'The token comes from the card provider’s form (the sandbox: /sandbox/card/tokenize); ' +
          'card numbers never reach this API. The admin must act for the proposal’s owner. ' +
          'A declined card answers 402.',
        params: ProposalCodeParamsSchema,
        body: MotoCheckoutRequestSchema,
        response: { 200: MotoCheckoutResponseSchema, 402: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      // An admin acting for nobody is refused (403) before the proposal is looked up.
      getOwnerUserId(request.principal);
      const row = await loadOwnProposal(request, request.params.code);
      return takeMotoPayment(app, {
        row,
        principal: request.principal,
        token: request.body.token,
        saveCard: request.body.saveCard,
        dateOfBirth: request.body.dateOfBirth,
        paymentMethodType: request.body.paymentMethodType,
      });
    },
  );

  app.post(
    '/stripe/setup',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['payments'],
        summary: 'Starts a hosted card set-up: saves a card without paying',
        body: CardSetupRequestSchema,
        response: { 201: CardCheckoutSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      // At checkout the reference is the proposal (a zero total by card saves one first): the
      // quote's bind gates hold there too. Elsewhere (an account's notice) it names no proposal.
      const proposal = await findProposal(app.db, request.body.clientReference);
      if (proposal && canAccessProposal(request.principal, proposal)) {
        await assertBindable(app, proposal);
      }
      const session = await service.startCardSetup(app, {
        ownerUserId: getOwnerUserId(request.principal),
        ...request.body,
      });
      return reply.code(201).send(session);
    },
  );

  app.post(
    '/goCardless/flows',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['payments'],
        summary: 'Starts a hosted Direct Debit mandate set-up',
        description:
          'The customer comes back to successUrl with `?redirect_flow_id={flowId}`; then POST ' +
          '/api/goCardless/mandates with that id.',
        body: MandateFlowRequestSchema,
        response: { 201: MandateFlowResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // At checkout the mandate pays for a proposal: refused, like its deposit, until it may bind.
      if (request.body.proposalCode) {
        await assertBindable(app, await loadOwnProposal(request, request.body.proposalCode));
      }
      const flow = await service.startMandateFlow(app, {
        ownerUserId: getOwnerUserId(request.principal),
        description: request.body.mandateDescription,
        successPath: request.body.successUrl,
      });
      return reply.code(201).send(flow);
    },
  );

  app.post(
    '/goCardless/mandates',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['payments'],
        summary: 'Completes a mandate set-up and stores the mandate (redacted in the answer)',
        body: CreateMandateRequestSchema,
        response: { 201: MandateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const mandate = await service.completeMandateFlow(app, {
        ownerUserId: getOwnerUserId(request.principal),
        flowId: request.body.redirectFlowId,
      });
      return reply.code(201).send(mandate);
    },
  );

  app.post(
    '/goCardless/bank-payments/proposal/:code',
    {
      config: { access: CUSTOMER_ONLY },
      schema: {
        tags: ['payments'],
        summary:
          'Starts an instant bank payment of the first monthly payment, with the Direct Debit ' +
          'mandate for later months in the same flow',
        description:
          'Monthly (flex) quotes only; the same gates as a card checkout. The customer approves ' +
          'the payment in their bank and returns to successPath with `bank_payment_id`; the ' +
          'provider’s signed webhook binds the proposal once the payment is confirmed.',
        params: ProposalCodeParamsSchema,
        body: BankPaymentRequestSchema,
        response: { 201: BankPaymentSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await loadOwnProposal(request, request.params.code);
      const session = await startBankPayment(app, {
        row,
        ownerUserId: row.ownerUserId,
        ...request.body,
      });
      return reply.code(201).send(session);
    },
  );

  app.get(
    '/goCardless/bank-payments/:bankPaymentId',
    {
      config: { access: CUSTOMER_ONLY },
      schema: {
        tags: ['payments'],
        summary: "Where the caller's instant bank payment stands: PENDING, PAID or FAILED",
        description:
          'PAID only once the provider’s signed webhook confirmed the payment and the proposal ' +
          'was bound; coming back from the bank alone changes nothing.',
        params: BankPaymentParamsSchema,
        response: { 200: BankPaymentStatusSchema, ...errors },
      },
    },
    async (request) =>
      getBankPaymentStatus(app, {
        ownerUserId: getOwnerUserId(request.principal),
        bankPaymentId: request.params.bankPaymentId,
      }),
  );

  app.get(
    '/stripe/cards',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['payments'],
        summary: "The caller's saved card, if any: brand and last 4 digits",
        description:
          'Checkout binds a quote with nothing to pay by this card (BIND); without one it sets ' +
          'one up first (SETUP, spec 2 §4.3).',
        response: { 200: SavedCardListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const card = await findActiveCard(app.db, getOwnerUserId(request.principal));
      return card
        ? [
            {
              cardId: card.paymentMethodId,
              brand: card.cardBrand ?? '',
              last4: card.cardLast4 ?? '',
            },
          ]
        : [];
    },
  );

  app.get(
    '/goCardless/mandates',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['payments'],
        summary: "The caller's Direct Debit mandates, newest first: bank name and last 2 digits",
        response: { 200: MandateListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await repository.listPaymentMethods(app.db, {
        ownerUserId: getOwnerUserId(request.principal),
        type: 'BACS_DEBIT',
      });
      return rows.map(service.toMandate);
    },
  );

  // Settling an account's outstanding balance (spec 3 §6 "Pay outstanding amount"): the customer
  // by card checkout, staff by phone. The amount is the ledger's; someone else's account is 404.
  app.post(
    '/stripe/settle/:id',
    {
      config: { access: CUSTOMER_ONLY },
      schema: {
        tags: ['payments'],
        summary: "Starts the card provider's hosted checkout for the account's outstanding amount",
        description:
          'The customer only (staff take it by phone: /stripe/moto/settle). 409 when nothing is ' +
          'outstanding. On success the provider’s webhook posts the payment to the account.',
        params: AccountParamsSchema,
        body: SettleCheckoutRequestSchema,
        response: { 201: CardCheckoutSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await startSettleCheckout(app, {
        principal: request.principal,
        accountId: request.params.id,
        request: request.body,
      });
      return reply.code(201).send(session);
    },
  );

  app.post(
    '/stripe/moto/settle/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['payments'],
        summary: "Takes the account's outstanding amount by phone (MOTO, admin only)",
        description:
          'The admin must act for the account’s owner (403 otherwise); the date of birth, typed ' +
          'by the admin, must be the policyholder’s (400). 409 when nothing is outstanding; a ' +
          'declined card answers 402. The payment is posted to the account at once.',
        params: AccountParamsSchema,
        body: SettleMotoRequestSchema,
        response: { 200: MotoCheckoutResponseSchema, 402: ErrorBodySchema, ...errors },
      },
    },
    async (request) =>
      settleByPhone(app, {
        principal: request.principal,
        accountId: request.params.id,
        request: request.body,
      }),
  );

  // Webhooks: the raw body is what the signature covers, so it is not parsed before the check.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 1_048_576 },
      (_r, body, done) => done(null, body),
    );
    const Received = z.object({ received: z.number(), duplicates: z.number() });
    for (const [path, provider] of [
      ['/webhooks/card', 'CARD'],
      ['/webhooks/direct-debit', 'DIRECT_DEBIT'],
    ] as const) {
      webhooks.post(
        path,
        {
          config: { access: ['public'] },
          schema: {
            tags: ['webhooks'],
            summary: `Events from the ${provider === 'CARD' ? 'card' : 'direct-debit'} provider`,
            description: 'Signed by the provider; a bad signature answers 400 and stores nothing.',
            response: { 200: Received, 400: ErrorBodySchema, 503: ErrorBodySchema },
          },
        },
        async (request) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return receiveWebhook(app, {
            provider,
            rawBody,
            headers: request.headers,
            handlers: {
              onProposalPaid: bindPaidProposal,
              onAdjustmentPaid: confirmPaidAdjustment,
              onSettlementPaid: postPaidSettlement,
              onRefundOutcome: recordRefundOutcome,
            },
          });
        },
      );
    }
  });
};

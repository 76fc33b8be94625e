import {
  AcceptAgreementsRequestSchema,
  BindProposalRequestSchema,
  BindProposalResponseSchema,
  ErrorBodySchema,
  ListPoliciesQuerySchema,
  PolicyIdParamsSchema,
  PolicyListResponseSchema,
  PolicyResponseSchema,
  ProposalAgreementsSchema,
  SetPolicyAutoRenewalRequestSchema,
  ProposalCodeParamsSchema,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import { listAccountSummariesOfPolicies } from '../billing';
import { getOwnerUserId, SIGNED_IN } from '../identity';
import { getOwnProposal } from '../proposal';
import { bindProposal } from '../../flows/bind-policy';
import { getOwnPolicy } from './access';
import { acceptAgreements } from './agreements';
import { assertQuoteStatus } from './bind-gates';
import { listOwnPolicies } from './repository';
import { answerPolicies, type PolicyAnswerDeps } from './response';
import { setPolicyAutoRenewal } from './auto-renewal';
import { errorResponses } from '../../errors';

const config = { access: SIGNED_IN };
const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Binding (POST /api/proposals/{code}/bind) and the caller's policies (GET /api/policies,
 * GET /api/policies/{id}). Signed-in callers only; someone else's policy answers 404.
 */
export const policyRoutes: AppPlugin = async (app) => {
  const answerDeps: PolicyAnswerDeps = {
    db: app.db,
    accountsOf: (policyIds) => listAccountSummariesOfPolicies(app.db, policyIds),
  };

  app.put(
    '/proposals/:code/agreements',
    {
      // The summary comes before account set-up: an anonymous quote's owner agrees too.
      config: { access: ['anonymous', 'customer', 'admin'] },
      schema: {
        tags: ['proposals'],
        summary: "Records the summary's agreements accepted for the quote as it is now",
        description:
          'The keys of the product’s checkoutChecklist (terms-and-conditions, policy-documents, ' +
          'demands-and-needs, information-correct), every one of them: 400 when one is missing ' +
          'or unknown. Stored with the quote’s documents (type, wording version, insurer) and ' +
          'the time. Checkout and bind answer 409 until the latest acceptance covers every box ' +
          'and the quote’s current documents, and was given for the quote as it is now: after ' +
          'a re-rating (an answer, cover, excess or start date changed) it is asked again. 409 ' +
          'when the proposal is not a QUOTE.',
        params: ProposalCodeParamsSchema,
        body: AcceptAgreementsRequestSchema,
        response: { 200: ProposalAgreementsSchema, ...errors },
      },
    },
    async (request) => {
      const row = await getOwnProposal(app.db, request.principal, request.params.code);
      const now = app.clock.now();
      const answered = assertQuoteStatus(row, now);
      return acceptAgreements(app.db, {
        row,
        quote: answered.quote,
        principal: request.principal,
        accepted: request.body.accepted,
        now,
      });
    },
  );

  app.post(
    '/proposals/:code/bind',
    {
      config,
      schema: {
        tags: ['proposals'],
        summary:
          'Makes the quote a policy (after payment, or with a saved method when none is due)',
        description:
          'Idempotent: a retried or concurrent bind answers the same policy. 402 when a payment ' +
          'is due and none was made, or when BACS_DEBIT has no active mandate; 409 when the ' +
          'proposal is not a valid QUOTE.',
        params: ProposalCodeParamsSchema,
        body: BindProposalRequestSchema.nullish(),
        response: {
          200: BindProposalResponseSchema,
          402: ErrorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const result = await bindProposal(app, {
        proposalCode: request.params.code,
        principal: request.principal,
        paymentMethodType: request.body?.paymentMethodType,
      });
      return {
        policyId: result.policyId,
        policyNumber: result.policyNumber,
        status: result.status,
      };
    },
  );

  app.get(
    '/policies',
    {
      config,
      schema: {
        tags: ['policies'],
        summary: "The caller's policies, newest first",
        querystring: ListPoliciesQuerySchema,
        response: { 200: PolicyListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listOwnPolicies(app.db, {
        ownerUserId: getOwnerUserId(request.principal),
        schemeCode: request.query.schemeCode,
      });
      return answerPolicies(answerDeps, rows, app.clock.now());
    },
  );

  app.get(
    '/policies/:id',
    {
      config,
      schema: {
        tags: ['policies'],
        summary: 'One policy',
        params: PolicyIdParamsSchema,
        response: { 200: PolicyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await getOwnPolicy(app.db, request.principal, request.params.id);
      const [answer] = await answerPolicies(answerDeps, [row], app.clock.now());
      return answer;
    },
  );

  app.put(
    '/policies/:id/autoRenewal',
    {
      config,
      schema: {
        tags: ['policies'],
        summary: 'Turns automatic renewal on, or off with a reason',
        description:
          'Spec 3 §4: opt-out reasons SoldNR, SoldMake, Price, Service, NotSuitable, Other (with ' +
          'details). Refused (409) when the product does not allow it, renewal is stopped or the ' +
          'policy has ended. Every change is kept with who made it.',
        params: PolicyIdParamsSchema,
        body: SetPolicyAutoRenewalRequestSchema,
        response: { 200: PolicyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const policy = await getOwnPolicy(app.db, request.principal, request.params.id);
      await setPolicyAutoRenewal(app, {
        policy,
        request: request.body,
        principal: request.principal,
      });
      const [row] = await answerPolicies(
        answerDeps,
        [await getOwnPolicy(app.db, request.principal, request.params.id)],
        app.clock.now(),
      );
      return row;
    },
  );
};

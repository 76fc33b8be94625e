import { z } from 'zod';
import { addIsoDuration } from '@motor/domain';
import {
  AdjustmentIdParamsSchema,
  CancellationOptionsResponseSchema,
  CardCheckoutSessionSchema,
  CreatePolicyAdjustmentRequestSchema,
  ErrorBodySchema,
  MtaCardCheckoutRequestSchema,
  MtaMotoCheckoutRequestSchema,
  PolicyAdjustmentResponseSchema,
  PolicyIdParamsSchema,
  ResumedSavedChangeResponseSchema,
  SavedChangeListResponseSchema,
  SavedChangeSchema,
} from '@motor/contract';
import type { AppPlugin } from '../../app-types';
import {
  cancellationKindOf,
  createAdjustment,
  deferredCancellationDatesOf,
} from '../../flows/adjust-policy/create-adjustment';
import { confirmAdjustment } from '../../flows/adjust-policy/confirm-adjustment';
import {
  listSavedChanges,
  resumeSavedChange,
  saveChange,
} from '../../flows/adjust-policy/saved-changes';
import {
  startAdjustmentCheckout,
  takeAdjustmentPaymentByPhone,
} from '../../flows/adjust-policy/pay-adjustment';
import { brandOfScheme } from '../brand';
import { getOwnPolicy } from '../policy';
import { ADMIN_ONLY, SIGNED_IN } from '../identity';
import { getOwnAdjustment } from './access';
import { toAdjustmentResponse } from './response';
import { toSavedChange } from './saved-changes';
import { errorResponses } from '../../errors';

const errors = errorResponses(400, 401, 403, 404, 409, 503);

const CommitRequestSchema = z
  .object({
    /** The referral page's box: a referred change is confirmed only as a cancellation. */
    cancellationAgreed: z.boolean().optional(),
  })
  .default({});

/**
 * Changing and cancelling a policy (spec 3 §7 createPolicyAdjustment, getPolicyAdjustment,
 * confirmPolicyAdjustment) and the cancellation options the cancel button and form read. The
 * caller's own policies only: someone else's policy or adjustment answers 404.
 */
export const adjustmentRoutes: AppPlugin = async (app) => {
  app.post(
    '/policyAdjustments',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['policies'],
        summary: 'Prices a change (MTA), a start-date change (SDA) or a cancellation (CAN)',
        description:
          'Re-rates every version from the effective date and answers the pro-rata amount due ' +
          '(pence; negative = refund). Nothing changes until it is confirmed within ' +
          '`expiresAt`. effectiveAt is staff-only on a change (on or after the inception day, ' +
          'at most 30 days ahead, before expiry); on a cancellation it is now or the start of ' +
          'one of the offered days. 409 when the policy cannot be changed, is in its renewal ' +
          'window (customers) or cannot be cancelled.',
        body: CreatePolicyAdjustmentRequestSchema,
        response: { 201: PolicyAdjustmentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createAdjustment(app, {
        principal: request.principal,
        request: request.body,
      });
      return reply.code(201).send(toAdjustmentResponse(row));
    },
  );

  app.get(
    '/policyAdjustments/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['policies'],
        summary: 'An adjustment with its re-rated versions and amounts',
        params: AdjustmentIdParamsSchema,
        response: { 200: PolicyAdjustmentResponseSchema, ...errors },
      },
    },
    async (request) => {
      return toAdjustmentResponse(
        await getOwnAdjustment(app.db, request.principal, request.params.id),
      );
    },
  );

  app.post(
    '/policyAdjustments/:id/commit',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['policies'],
        summary: 'Confirms an adjustment: once, within its window, on the latest version',
        description:
          'A repeated, concurrent, expired or stale commit answers 409 "Unable to confirm your ' +
          'changes" and changes nothing. A referred change needs `cancellationAgreed` and then ' +
          'cancels the policy now. A positive amount on a single-payment policy is paid by card ' +
          'first (402 here).',
        params: AdjustmentIdParamsSchema,
        body: CommitRequestSchema,
        response: { 200: PolicyAdjustmentResponseSchema, 402: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const row = await confirmAdjustment(app, {
        adjustmentId: request.params.id,
        actor: { principal: request.principal },
        cancellationAgreed: request.body?.cancellationAgreed,
      });
      return toAdjustmentResponse(row);
    },
  );

  app.post(
    '/policyAdjustments/:id/save',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['policies'],
        summary: 'Saves a priced, unconfirmed change to come back to (kept 30 days)',
        description:
          'Only a change (MTA) that can be made online and is not confirmed, inside its ' +
          'confirmation window (409 for a cancellation, a confirmed, referred or invalid ' +
          'change; 410 once its window has closed). E-mails the customer a link to it. A ' +
          'repeat answers the same saved change and sends nothing.',
        params: AdjustmentIdParamsSchema,
        response: { 200: SavedChangeSchema, 410: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      return toSavedChange(
        await saveChange(app, { principal: request.principal, adjustmentId: request.params.id }),
      );
    },
  );

  app.get(
    '/policies/:id/saved-changes',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['policies'],
        summary: 'The saved, unconfirmed changes of a policy still kept, last saved first',
        params: PolicyIdParamsSchema,
        response: { 200: SavedChangeListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listSavedChanges(app, {
        principal: request.principal,
        policyId: request.params.id,
      });
      return rows.map(toSavedChange);
    },
  );

  app.post(
    '/policyAdjustments/:id/resume',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['policies'],
        summary: 'Returns to a saved change: prices the same changes again now',
        description:
          'A new adjustment (every rule of a new change applies), which becomes the saved one, ' +
          'with the price when saved and whether the price and the rates changed since. 409 ' +
          'when it was confirmed or is not saved; 410 once kept longer than 30 days.',
        params: AdjustmentIdParamsSchema,
        response: { 200: ResumedSavedChangeResponseSchema, 410: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const resumed = await resumeSavedChange(app, {
        principal: request.principal,
        adjustmentId: request.params.id,
      });
      return {
        ...resumed,
        adjustment: toAdjustmentResponse(resumed.adjustment),
        savedAt: resumed.savedAt.toISOString(),
      };
    },
  );

  app.post(
    '/stripe/checkout/mta/:id',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['payments'],
        summary: "Starts the card provider's hosted checkout for what a change costs",
        description:
          'Only for an unconfirmed change, inside its window, that costs more on a ' +
          'single-payment policy (otherwise 409). On success the customer returns to ' +
          'successPath and the provider’s webhook confirms the change; a payment that can no ' +
          'longer be applied is kept on the customer’s account for staff.',
        params: AdjustmentIdParamsSchema,
        body: MtaCardCheckoutRequestSchema,
        response: { 201: CardCheckoutSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await startAdjustmentCheckout(app, {
        principal: request.principal,
        adjustmentId: request.params.id,
        request: request.body,
      });
      return reply.code(201).send(session);
    },
  );

  app.post(
    '/stripe/moto/checkout/mta/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['payments'],
        summary: 'Takes a phone (MOTO) card payment for a change and confirms it (admin only)',
        description:
          'The admin must act for the policyholder; the token comes from the card provider’s ' +
          'form (card numbers never reach this API) and the date of birth, typed by the admin, ' +
          'must be the policyholder’s. A declined card answers 402 and confirms nothing.',
        params: AdjustmentIdParamsSchema,
        body: MtaMotoCheckoutRequestSchema,
        response: { 200: PolicyAdjustmentResponseSchema, 402: ErrorBodySchema, ...errors },
      },
    },
    async (request) => {
      const row = await takeAdjustmentPaymentByPhone(app, {
        principal: request.principal,
        adjustmentId: request.params.id,
        request: request.body,
      });
      return toAdjustmentResponse(row);
    },
  );

  app.get(
    '/policies/:id/cancellation',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['policies'],
        summary: 'Whether and how the policy may be cancelled now',
        description:
          'The cancel form by the product’s configuration: CoolingOff (inside the cooling-off ' +
          'period: everything refunded, immediately) or Standard (Immediately or one of ' +
          '`deferredDates`), and the reasons to choose from.',
        params: PolicyIdParamsSchema,
        response: { 200: CancellationOptionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const policy = await getOwnPolicy(app.db, request.principal, request.params.id);
      const now = app.clock.now();
      const kind = cancellationKindOf(policy, now);
      const config = brandOfScheme(policy.schemeCode).getProductConfig(
        policy.schemeCode,
      ).cancellation;
      const right =
        config.type === 'CoolingOff'
          ? { days: config.days ?? 14, countedFrom: config.countedFrom ?? 'Inception' }
          : config.coolingOff;
      const anchor = right?.countedFrom === 'Bind' ? policy.createdAt : policy.inceptedAt;
      return {
        allowed: kind !== null,
        kind,
        deferredDates: kind === 'Standard' ? deferredCancellationDatesOf(policy, now) : [],
        reasons: [...(config.reasons ?? [])],
        coolingOffEndsAt:
          kind === 'CoolingOff' && right
            ? addIsoDuration(anchor, `P${right.days}D`).toISOString()
            : null,
      };
    },
  );
};

import { z } from 'zod';
import { AppError } from '../../errors';
import type { AppPlugin } from '../../app-types';
import { recordAudit } from '../audit';
import { findProposal, getOwnProposal, moveProposalOwner } from '../proposal';
import { enforceRateLimits, HOUR_MS } from './rate-limit';
import { getOwnerUserId, SIGNED_IN, type Principal } from './principal';
import {
  createExternalUser,
  findUserByEmail,
  findUserById,
  updateUserSettings,
  type User,
} from './users';

/** Account checks per client address and per session an hour (issue 21 item 5). */
const VALIDATE_ACCOUNT_LIMIT_PER_CLIENT = 30;
export const VALIDATE_ACCOUNT_LIMIT_PER_SESSION = 10;

const MarketingPreferencesSchema = z
  .object({ email: z.boolean(), phone: z.boolean(), sms: z.boolean() })
  .meta({ id: 'MarketingPreferences' });

const PolicyholderSchema = z
  .object({
    userId: z.string(),
    connection: z.string().describe('How they sign in: email, sms, or an external connection'),
    username: z.string(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable().describe('Read-only: it is how an sms user signs in'),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    marketingPreferences: MarketingPreferencesSchema,
  })
  .meta({ id: 'Policyholder' });

// Only the fields that changed; phoneNumber is read-only, so it is refused as unknown.
const PolicyholderUpdateSchema = z
  .strictObject({
    email: z.email().max(320).optional(),
    firstName: z.string().trim().min(1).max(100).optional(),
    lastName: z.string().trim().min(1).max(100).optional(),
    marketingPreferences: MarketingPreferencesSchema.partial().optional(),
  })
  .meta({ id: 'PolicyholderUpdate' });

const toPolicyholder = (user: User) => ({
  userId: user.userId,
  connection: user.connection,
  username: user.username,
  email: user.email,
  phoneNumber: user.phone,
  firstName: user.firstName,
  lastName: user.lastName,
  marketingPreferences: user.marketingPreferences,
});

/**
 * The signed-in customer's account (spec 3 §2 account settings), the anonymous → account
 * checks of checkout, and moving anonymous proposals to the account after sign-in.
 */
export const accountRoutes: AppPlugin = async (app) => {
  const signedIn = { access: SIGNED_IN };

  async function audit(principal: Principal, action: string, target: string) {
    if (principal.kind !== 'admin') return;
    await recordAudit(app.db, {
      actorUserId: principal.userId,
      subjectUserId: principal.actingForUserId,
      action,
      target,
      at: app.clock.now(),
    });
  }

  app.get(
    '/policyholder',
    {
      config: signedIn,
      schema: {
        tags: ['account'],
        summary: 'The account settings of the signed-in customer',
        response: { 200: PolicyholderSchema },
      },
    },
    async (request) => {
      const userId = getOwnerUserId(request.principal);
      let user = await findUserById(app.db, userId);
      // A customer of an external issuer has no row until their first visit here.
      if (!user && request.principal.kind === 'customer') {
        user = await createExternalUser({ db: app.db, clock: app.clock, userId });
      }
      if (!user) throw new AppError('NOT_FOUND', 'We could not find your account.');
      return toPolicyholder(user);
    },
  );

  app.patch(
    '/policyholder',
    {
      config: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Change account settings (send the changed fields only)',
        body: PolicyholderUpdateSchema,
        response: { 200: PolicyholderSchema },
      },
    },
    async (request) => {
      const userId = getOwnerUserId(request.principal);
      const user = await findUserById(app.db, userId);
      if (!user) throw new AppError('NOT_FOUND', 'We could not find your account.');
      const { marketingPreferences, email, ...names } = request.body;
      const changes: Parameters<typeof updateUserSettings>[0]['changes'] = { ...names };
      if (marketingPreferences) {
        changes.marketingPreferences = { ...user.marketingPreferences, ...marketingPreferences };
      }
      if (email !== undefined) {
        const normalised = email.toLowerCase();
        const other = await findUserByEmail(app.db, normalised);
        if (other && other.userId !== userId) {
          throw new AppError('CONFLICT', 'That email address is used by another account.');
        }
        changes.email = normalised;
      }
      const updated = await updateUserSettings({ db: app.db, clock: app.clock, userId, changes });
      if (!updated) throw new AppError('NOT_FOUND', 'We could not find your account.');
      await audit(request.principal, 'policyholder.update', `user:${userId}`);
      return toPolicyholder(updated);
    },
  );

  app.post(
    '/policyholder/validateAccount',
    {
      config: { access: ['anonymous', 'customer', 'admin'] },
      schema: {
        tags: ['account'],
        summary: 'Before account set-up: the caller may set up an account for this quote',
        description:
          'The same answer whether or not the quote’s e-mail address has an account (an ' +
          'attacker must not learn it); sign-in, asked for next, proves the address. ' +
          'Rate-limited per client and per session (429 with Retry-After).',
        body: z.object({ source: z.string().min(1).describe('The proposalCode') }),
        response: { 200: z.object({ isValid: z.literal(true) }) },
      },
    },
    async (request) => {
      // A few answers per client and per session an hour, as many as a customer needs.
      await enforceRateLimits(app, HOUR_MS, [
        [`validate-account:client:${request.ip}`, VALIDATE_ACCOUNT_LIMIT_PER_CLIENT],
        [
          `validate-account:session:${getOwnerUserId(request.principal)}`,
          VALIDATE_ACCOUNT_LIMIT_PER_SESSION,
        ],
      ]);
      // The caller must own the quote; whether its e-mail address has an account is not said
      // (issue 31 item 14): sign-in, which comes next either way, proves who owns the address.
      await getOwnProposal(app.db, request.principal, request.body.source);
      return { isValid: true as const };
    },
  );

  app.post(
    '/proposals/merge',
    {
      config: signedIn,
      schema: {
        tags: ['account'],
        summary: 'Move a proposal started anonymously to the signed-in account',
        body: z.object({
          proposalCode: z.string().min(1),
          sourceAccessToken: z.string().min(1).describe('The anonymous session token'),
        }),
        response: { 200: z.object({ proposalCode: z.string() }) },
      },
    },
    async (request) => {
      const ownerUserId = getOwnerUserId(request.principal);
      const source = await app.tokens.verifyAccessToken(request.body.sourceAccessToken);
      const notFound = new AppError('NOT_FOUND', 'We could not find that quote.');
      if (source?.principal.kind !== 'anonymous') throw notFound;
      const row = await findProposal(app.db, request.body.proposalCode);
      if (!row) throw notFound;
      if (row.ownerUserId === ownerUserId) return { proposalCode: row.proposalCode };
      // Only a proposal the anonymous session itself owns moves; a back-book token cannot hand
      // the proposal it is scoped to (someone else's) to a new account, but a quote its own
      // anonymous user started after the retrieve moves like any other.
      if (row.ownerUserId !== source.principal.userId) {
        throw notFound;
      }
      const moved = await moveProposalOwner(app.db, {
        proposalCode: row.proposalCode,
        fromUserId: source.principal.userId,
        toUserId: ownerUserId,
        at: app.clock.now(),
      });
      if (!moved) throw notFound;
      await audit(request.principal, 'proposal.merge', `proposal:${row.proposalCode}`);
      return { proposalCode: row.proposalCode };
    },
  );
};

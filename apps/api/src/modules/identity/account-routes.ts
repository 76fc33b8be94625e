import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { auditLog, proposals } from '../../db/schema';
import { AppError } from '../../errors';
import type { AppPlugin } from '../../app-types';
import { findPolicyholderEmail, getOwnProposal } from '../proposal';
import { hitRateLimit } from './rate-limit';
import type { ProposalData } from '../disclosure';
import { getOwnerUserId, type Principal } from './principal';
import {
  createExternalUser,
  findUserByEmail,
  findUserById,
  updateUserSettings,
  type User,
} from './users';

const HOUR_MS = 60 * 60_000;
/** Account checks per client address and per session an hour (issue 21 item 5). */
const VALIDATE_ACCOUNT_LIMIT_PER_CLIENT = 30;
export const VALIDATE_ACCOUNT_LIMIT_PER_SESSION = 10;

const ACCOUNT_EXISTS_MESSAGE = 'If you already have an account with us, please sign in again.';

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
  const signedIn = { access: ['customer', 'admin'] as const };

  async function audit(principal: Principal, action: string, target: string) {
    if (principal.kind !== 'admin') return;
    await app.db.insert(auditLog).values({
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
        summary: 'Before account set-up: 409 when the proposal e-mail already has an account',
        body: z.object({ source: z.string().min(1).describe('The proposalCode') }),
        response: { 200: z.object({ isValid: z.literal(true) }) },
      },
    },
    async (request) => {
      // Whether an address has an account is worth knowing to an attacker: a few answers per
      // client and per session an hour, as many as a customer setting up an account needs.
      const now = app.clock.now();
      for (const [key, limit] of [
        [`validate-account:client:${request.ip}`, VALIDATE_ACCOUNT_LIMIT_PER_CLIENT],
        [
          `validate-account:session:${getOwnerUserId(request.principal)}`,
          VALIDATE_ACCOUNT_LIMIT_PER_SESSION,
        ],
      ] as const) {
        const hit = await hitRateLimit({ db: app.db, key, limit, windowMs: HOUR_MS, now });
        if (!hit.isAllowed) {
          throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.', {
            retryAfterSeconds: hit.retryAfterSeconds,
          });
        }
      }
      const row = await getOwnProposal(app.db, request.principal, request.body.source);
      const email = findPolicyholderEmail(row.data as unknown as ProposalData);
      if (email) {
        const existing = await findUserByEmail(app.db, email);
        const isCaller =
          request.principal.kind !== 'anonymous' &&
          existing?.userId === getOwnerUserId(request.principal);
        if (existing && !isCaller) throw new AppError('CONFLICT', ACCOUNT_EXISTS_MESSAGE);
      }
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
      const [row] = await app.db
        .select()
        .from(proposals)
        .where(
          and(eq(proposals.proposalCode, request.body.proposalCode), isNull(proposals.deletedAt)),
        )
        .limit(1);
      if (!row) throw notFound;
      if (row.ownerUserId === ownerUserId) return { proposalCode: row.proposalCode };
      // Only a proposal the anonymous session itself owns moves; a back-book token cannot hand
      // the proposal it is scoped to (someone else's) to a new account, but a quote its own
      // anonymous user started after the retrieve moves like any other.
      if (row.ownerUserId !== source.principal.userId) {
        throw notFound;
      }
      const moved = await app.db
        .update(proposals)
        .set({ ownerUserId, updatedAt: app.clock.now() })
        .where(
          and(
            eq(proposals.proposalCode, row.proposalCode),
            eq(proposals.ownerUserId, source.principal.userId),
          ),
        )
        .returning({ proposalCode: proposals.proposalCode });
      if (moved.length === 0) throw notFound;
      await audit(request.principal, 'proposal.merge', `proposal:${row.proposalCode}`);
      return { proposalCode: row.proposalCode };
    },
  );
};

import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAppError } from '../../../errors';
import { wakeJobRunner } from '../../jobs';
import { queueDepsOf, queueMessage } from '../../notification';
import type { AppPlugin } from '../../../app-types';
import {
  createOneTimeCode,
  normaliseRecipient,
  verifyOneTimeCode,
  WRONG_CODE_MESSAGE,
} from '../one-time-codes';
import { confirmPhoneLink, findOrCreateUser, findPhoneLinkHolder } from '../users';
import {
  renderCodePage,
  renderIdentifierPage,
  renderLinkCodePage,
  renderMessagePage,
} from './pages';
import { createOidcProvider, interactionPath, OIDC_MOUNT_PATH } from './provider';

const InteractionParams = z.object({ uid: z.string().min(1).max(200) });
const IdentifierBody = z.object({ identifier: z.string().max(320).default('') });
const CodeBody = z.object({
  identifier: z.string().max(320),
  code: z.string().max(20).default(''),
});

/** The provider's own endpoints (oidc-provider's default routes); anything else is our 404. */
const PROVIDER_PATHS = [
  '/.well-known/openid-configuration',
  '/auth',
  '/token',
  '/jwks',
  '/me',
  '/session/end',
];

const NOT_RECOGNISED = 'Enter an email address or a UK mobile number';

function channelText(connection: 'email' | 'sms', recipient: string): string {
  if (connection === 'email') return `to ${recipient}`;
  return `by text message to the number ending ${recipient.slice(-3)}`;
}

function sendHtml(reply: FastifyReply, html: string, status = 200) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * Mounts the embedded OpenID Connect provider under /auth and its sign-in pages under
 * /auth/interaction/:uid. Registered only when no external issuer is configured.
 */
export const oidcRoutes: AppPlugin = async (app) => {
  const provider = await createOidcProvider({ db: app.db, clock: app.clock, config: app.config });
  const providerCallback = provider.callback();
  // Sign-out and revocation end the grant: this process refuses its access tokens from now on.
  provider.on('grant.revoked', (_ctx: unknown, grantId: string) => app.tokens.refuseGrant(grantId));

  // The provider itself: it reads its own bodies, so this context parses none.
  await app.register(async (mounted) => {
    mounted.removeAllContentTypeParsers();
    mounted.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = (request.url.split('?')[0] ?? '').slice(OIDC_MOUNT_PATH.length);
      if (!PROVIDER_PATHS.some((known) => path === known || path.startsWith(`${known}/`))) {
        return reply.callNotFound();
      }
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(OIDC_MOUNT_PATH.length) || '/';
      reply.hijack();
      await providerCallback(raw, reply.raw);
    };
    mounted.all(OIDC_MOUNT_PATH, { schema: { hide: true } }, handler);
    mounted.all(`${OIDC_MOUNT_PATH}/*`, { schema: { hide: true } }, handler);
  });

  // The sign-in pages: plain HTML forms.
  await app.register(async (plain) => {
    const pages = plain.withTypeProvider<ZodTypeProvider>();
    await pages.register(formbody);

    async function grantMissing(details: Awaited<ReturnType<typeof provider.interactionDetails>>) {
      const accountId = details.session?.accountId;
      const clientId = details.params.client_id as string;
      let grant = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
      grant ??= new provider.Grant({ accountId, clientId });
      const missing = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      return grant.save();
    }

    async function loadInteraction(request: FastifyRequest, reply: FastifyReply) {
      try {
        return await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return null;
      }
    }
    const expired = (reply: FastifyReply) =>
      sendHtml(
        reply,
        renderMessagePage({
          title: 'This sign-in link has expired',
          message: 'Please go back to the website and sign in again.',
        }),
        400,
      );

    pages.get(
      `${OIDC_MOUNT_PATH}/interaction/:uid`,
      { schema: { hide: true, params: InteractionParams } },
      async (request, reply) => {
        const details = await loadInteraction(request, reply);
        if (!details || details.uid !== request.params.uid) return expired(reply);
        if (details.prompt.name === 'consent') {
          // First-party client: consent is implied; grant what is missing and carry on.
          const grantId = await grantMissing(details);
          reply.hijack();
          await provider.interactionFinished(
            request.raw,
            reply.raw,
            { consent: { grantId } },
            { mergeWithLastSubmission: true },
          );
          return reply;
        }
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
        return sendHtml(
          reply,
          renderIdentifierPage({
            action: `${interactionPath(details.uid)}/send`,
            identifier: hint,
          }),
        );
      },
    );

    pages.post(
      `${OIDC_MOUNT_PATH}/interaction/:uid/send`,
      { schema: { hide: true, params: InteractionParams, body: IdentifierBody } },
      async (request, reply) => {
        const details = await loadInteraction(request, reply);
        if (!details || details.uid !== request.params.uid) return expired(reply);
        const action = interactionPath(details.uid);
        const { identifier } = request.body;
        const target = normaliseRecipient(identifier);
        if (!target) {
          return sendHtml(
            reply,
            renderIdentifierPage({ action: `${action}/send`, identifier, error: NOT_RECOGNISED }),
            400,
          );
        }
        let notice: string | null = 'We have sent you a code.';
        try {
          await sendCode(target, { clientKey: request.ip, interactionId: details.uid });
        } catch (error) {
          if (!isAppError(error) || error.code !== 'RATE_LIMITED') throw error;
          notice = error.message;
        }
        return sendHtml(
          reply,
          renderCodePage({
            action: `${action}/verify`,
            resendAction: `${action}/send`,
            identifier,
            channelText: channelText(target.connection, target.recipient),
            notice,
          }),
        );
      },
    );

    pages.post(
      `${OIDC_MOUNT_PATH}/interaction/:uid/verify`,
      { schema: { hide: true, params: InteractionParams, body: CodeBody } },
      async (request, reply) => {
        const details = await loadInteraction(request, reply);
        if (!details || details.uid !== request.params.uid) return expired(reply);
        const action = interactionPath(details.uid);
        const { identifier, code } = request.body;
        const target = normaliseRecipient(identifier);
        const isValid =
          target !== null &&
          (await verifyOneTimeCode({
            db: app.db,
            clock: app.clock,
            ...target,
            code,
            interactionId: details.uid,
          }));
        if (!target || !isValid) {
          return sendHtml(
            reply,
            renderCodePage({
              action: `${action}/verify`,
              resendAction: `${action}/send`,
              identifier,
              channelText: target ? channelText(target.connection, target.recipient) : '',
              error: WRONG_CODE_MESSAGE,
            }),
            400,
          );
        }
        const found = await findOrCreateUser({ db: app.db, clock: app.clock, ...target });
        if ('linkTo' in found) {
          // The number is on an e-mail account but was only typed in: its owner confirms.
          return sendLinkCode(request, reply, {
            action,
            identifier,
            email: found.linkTo.email,
            interactionId: details.uid,
          });
        }
        return finishSignIn(request, reply, found.user.userId);
      },
    );

    // The second half of a first phone sign-in to an e-mail account (see findOrCreateUser):
    // the code sent to the account's e-mail proves it is its owner who links the number.
    pages.post(
      `${OIDC_MOUNT_PATH}/interaction/:uid/link`,
      { schema: { hide: true, params: InteractionParams, body: CodeBody } },
      async (request, reply) => {
        const details = await loadInteraction(request, reply);
        if (!details || details.uid !== request.params.uid) return expired(reply);
        const action = interactionPath(details.uid);
        const { identifier, code } = request.body;
        const phone = normaliseRecipient(identifier);
        const holder =
          phone?.connection === 'sms' ? await findPhoneLinkHolder(app.db, phone.recipient) : null;
        const isValid =
          holder !== null &&
          (await verifyOneTimeCode({
            db: app.db,
            clock: app.clock,
            connection: 'email',
            recipient: holder.email,
            code,
            interactionId: details.uid,
          }));
        if (!holder || !isValid) {
          return sendHtml(
            reply,
            renderLinkCodePage({
              action,
              identifier,
              email: holder?.email ?? '',
              error: WRONG_CODE_MESSAGE,
            }),
            400,
          );
        }
        const user = await confirmPhoneLink({
          db: app.db,
          clock: app.clock,
          phone: phone!.recipient,
        });
        if (!user) return expired(reply);
        return finishSignIn(request, reply, user.userId);
      },
    );
  });

  async function finishSignIn(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function sendLinkCode(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { action: string; identifier: string; email: string; interactionId: string },
  ) {
    const { interactionId, ...page } = options;
    let notice: string | null = null;
    try {
      await sendCode(
        { connection: 'email', recipient: options.email },
        { clientKey: request.ip, interactionId },
      );
    } catch (error) {
      if (!isAppError(error) || error.code !== 'RATE_LIMITED') throw error;
      notice = error.message;
    }
    return sendHtml(reply, renderLinkCodePage({ ...page, notice }));
  }

  /** A new 6-digit code, sent by e-mail or text message (RATE_LIMITED when asked too often). */
  async function sendCode(
    target: { connection: 'email' | 'sms'; recipient: string },
    from: { clientKey: string; interactionId: string },
  ) {
    const { code } = await createOneTimeCode({
      db: app.db,
      clock: app.clock,
      ...target,
      ...from,
      limits: app.config.identity.signInCodeLimits,
    });
    const text = `Your sign-in code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
    await queueMessage(
      queueDepsOf(app),
      {
        channel: target.connection === 'email' ? 'EMAIL' : 'SMS',
        recipient: target.recipient,
        subject: target.connection === 'email' ? 'Your sign-in code' : null,
        body: text,
      },
      app.clock.now(),
    );
    // The customer is waiting for it: deliver now rather than at the next poll.
    wakeJobRunner(app);
  }
};

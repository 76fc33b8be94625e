import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { isAppError } from '../../../errors';
import { wakeJobRunner } from '../../jobs';
import { queueDepsOf, queueMessage } from '../../notification';
import type { AppPlugin } from '../../../app-types';
import { registerFormPages } from '../../../form-pages';
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

type CodeTarget = { connection: 'email' | 'sms'; recipient: string };

const NOT_RECOGNISED = 'Enter an email address or a UK mobile number';

function channelText(connection: 'email' | 'sms', recipient: string): string {
  if (connection === 'email') return `to ${recipient}`;
  return `by text message to the number ending ${recipient.slice(-3)}`;
}

/** The page that asks for the code sent to the target: after sending it, or after a wrong one. */
function codePage(
  action: string,
  identifier: string,
  target: CodeTarget | null,
  outcome: { notice: string | null } | { error: string },
): string {
  return renderCodePage({
    action: `${action}/verify`,
    resendAction: `${action}/send`,
    identifier,
    channelText: target ? channelText(target.connection, target.recipient) : '',
    ...outcome,
  });
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
  await registerFormPages(app, (pages) => {
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

    /** The sign-in this page belongs to, or null when it has expired or is another one. */
    async function loadInteraction(request: FastifyRequest, reply: FastifyReply, uid: string) {
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        return details.uid === uid ? details : null;
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
        const details = await loadInteraction(request, reply, request.params.uid);
        if (!details) return expired(reply);
        if (details.prompt.name === 'consent') {
          // First-party client: consent is implied; grant what is missing and carry on.
          const grantId = await grantMissing(details);
          await finishInteraction(request, reply, { consent: { grantId } }, true);
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

    type Interaction = NonNullable<Awaited<ReturnType<typeof loadInteraction>>>;
    /** A form posted by a sign-in page, answered as expired unless it is the current sign-in's. */
    function interactionForm<Body extends z.ZodType>(
      step: string,
      body: Body,
      handle: (
        form: { details: Interaction; action: string; body: z.output<Body> },
        request: FastifyRequest,
        reply: FastifyReply,
      ) => Promise<unknown>,
    ) {
      pages.post(
        `${OIDC_MOUNT_PATH}/interaction/:uid/${step}`,
        { schema: { hide: true, params: InteractionParams, body } },
        async (request, reply) => {
          const details = await loadInteraction(request, reply, request.params.uid);
          if (!details) return expired(reply);
          const action = interactionPath(details.uid);
          // Parsed by the schema above; the type provider cannot name a generic schema's output.
          const parsed = request.body as z.output<Body>;
          return handle({ details, action, body: parsed }, request, reply);
        },
      );
    }

    interactionForm(
      'send',
      IdentifierBody,
      async ({ details, action, body: { identifier } }, request, reply) => {
        const target = normaliseRecipient(identifier);
        if (!target) {
          return sendHtml(
            reply,
            renderIdentifierPage({ action: `${action}/send`, identifier, error: NOT_RECOGNISED }),
            400,
          );
        }
        const notice = await trySendCode(
          target,
          { clientKey: request.ip, interactionId: details.uid },
          'We have sent you a code.',
        );
        return sendHtml(reply, codePage(action, identifier, target, { notice }));
      },
    );

    interactionForm(
      'verify',
      CodeBody,
      async ({ details, action, body: { identifier, code } }, request, reply) => {
        const target = normaliseRecipient(identifier);
        const isValid = target !== null && (await codeIsValid(target, code, details.uid));
        if (!target || !isValid) {
          const page = codePage(action, identifier, target, { error: WRONG_CODE_MESSAGE });
          return sendHtml(reply, page, 400);
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
    interactionForm(
      'link',
      CodeBody,
      async ({ details, action, body: { identifier, code } }, request, reply) => {
        const phone = normaliseRecipient(identifier);
        const holder =
          phone?.connection === 'sms' ? await findPhoneLinkHolder(app.db, phone.recipient) : null;
        const isValid =
          holder !== null &&
          (await codeIsValid({ connection: 'email', recipient: holder.email }, code, details.uid));
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

  function finishSignIn(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    return finishInteraction(request, reply, { login: { accountId } }, false);
  }

  /** Hands the answer back to the provider, which redirects the browser on. */
  async function finishInteraction(
    request: FastifyRequest,
    reply: FastifyReply,
    result: { consent: { grantId: string } } | { login: { accountId: string } },
    mergeWithLastSubmission: boolean,
  ) {
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission });
  }

  async function sendLinkCode(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { action: string; identifier: string; email: string; interactionId: string },
  ) {
    const { interactionId, ...page } = options;
    const notice = await trySendCode(
      { connection: 'email', recipient: options.email },
      { clientKey: request.ip, interactionId },
      null,
    );
    return sendHtml(reply, renderLinkCodePage({ ...page, notice }));
  }

  /** Sends a code; when asked too often, the refusal is the page's notice instead of an error. */
  async function trySendCode(
    target: CodeTarget,
    from: { clientKey: string; interactionId: string },
    sentNotice: string | null,
  ): Promise<string | null> {
    try {
      await sendCode(target, from);
      return sentNotice;
    } catch (error) {
      if (!isAppError(error) || error.code !== 'RATE_LIMITED') throw error;
      return error.message;
    }
  }

  function codeIsValid(target: CodeTarget, code: string, interactionId: string) {
    return verifyOneTimeCode({ db: app.db, clock: app.clock, ...target, code, interactionId });
  }

  /** A new 6-digit code, sent by e-mail or text message (RATE_LIMITED when asked too often). */
  async function sendCode(target: CodeTarget, from: { clientKey: string; interactionId: string }) {
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

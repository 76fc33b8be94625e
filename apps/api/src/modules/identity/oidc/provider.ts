import { createHash } from 'node:crypto';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Clock } from '../../../clock';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { loadSigningKeys, SIGNING_ALG } from '../signing-keys';
import { GRANT_CLAIM } from '../tokens';
import { findUserById } from '../users';
import { createDatabaseAdapter } from './adapter';
import { escapeHtml } from '../../../html-page';
import { renderPage } from '../../brand';

export const OIDC_MOUNT_PATH = '/auth';
/** The scope of the API resource: what the SPA asks for besides the OpenID ones. */
const API_SCOPE = 'api';
const DAY_SECONDS = 24 * 60 * 60;

const SUBMIT_LOGOUT_FORM = "document.getElementById('op.logoutForm').submit();";

/**
 * An inline script allowed by its hash in this response's Content-Security-Policy, as the
 * provider does for its own form_post pages; every other inline script stays refused.
 */
function inlineScript(ctx: KoaContextWithOIDC, script: string): string {
  const policy = ctx.response.get('content-security-policy');
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  if (policy) {
    ctx.set(
      'content-security-policy',
      policy.replace(/script-src ([^;]*)/, `script-src $1 ${hash}`),
    );
  }
  return `<script>${script}</script>`;
}

export function interactionPath(uid: string): string {
  return `${OIDC_MOUNT_PATH}/interaction/${uid}`;
}

/**
 * The embedded OpenID Connect provider (issuer PUBLIC_URL/auth): one public client (the SPA)
 * with authorization code + PKCE, rotating refresh tokens bound to the session, JWT access
 * tokens for the API (aud OIDC_AUDIENCE) carrying roles and permissions from the users table.
 * Signing keys and all state live in the database.
 */
export async function createOidcProvider(options: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'identity'>;
}): Promise<Provider> {
  const { db, clock, config } = options;
  const { identity, publicUrl } = config;
  const keys = await loadSigningKeys({ db, clock, purpose: 'oidc' });
  const [newest] = keys;
  if (!newest?.d) throw new Error('no OIDC signing key');
  // Cookie signing keys derived from the persisted private key: the same in every process.
  const cookieKey = createHash('sha256').update(`oidc-cookies:${newest.d}`).digest('base64url');

  const configuration: Configuration = {
    adapter: createDatabaseAdapter(db),
    clients: [
      {
        client_id: identity.clientId,
        client_name: 'Motor insurance web app',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/callback`, `${publicUrl}/silent-callback`],
        post_logout_redirect_uris: [`${publicUrl}/`, publicUrl],
      },
    ],
    // The keys are EC P-256: everything is signed ES256.
    clientDefaults: { id_token_signed_response_alg: SIGNING_ALG },
    jwks: { keys },
    cookies: { keys: [cookieKey] },
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'email', 'phone', 'profile', API_SCOPE],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
      // connection, roles and permissions: what the SPA's header and admin screens show.
      profile: [
        'name',
        'given_name',
        'family_name',
        'connection',
        identity.rolesClaim,
        identity.permissionsClaim,
      ],
    },
    conformIdTokenClaims: false,
    rotateRefreshToken: true,
    // Refresh tokens for the SPA without offline_access: they end with the session (sign-out).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: identity.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * DAY_SECONDS,
      Session: 14 * DAY_SECONDS,
      RefreshToken: 14 * DAY_SECONDS,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        // A client revokes only its own tokens.
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          // The app's own sign-out sends the ID token it holds (validated by now): the session
          // ends in the same step. A question left open would leave the next visitor signed in.
          if (ctx.oidc.entities.IdTokenHint) {
            ctx.body = renderPage({
              title: 'Signing out',
              body: `<h1>Signing you out</h1>${form.replace(
                '</form>',
                '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Continue</button></noscript></form>',
              )}${inlineScript(ctx, SUBMIT_LOGOUT_FORM)}`,
            });
            return;
          }
          // Anyone else's link to the end-session endpoint asks first (a stray link must not sign
          // people out).
          ctx.body = renderPage({
            title: 'Sign out',
            body: `<h1>Sign out</h1><p>Do you want to sign out?</p>${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>`,
          });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = renderPage({
            title: 'Signed out',
            body: '<h1>You are signed out</h1><p><a href="/">Go to the home page</a></p>',
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => identity.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== identity.audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: identity.audience,
            accessTokenTTL: identity.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: SIGNING_ALG } },
          };
        },
      },
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    findAccount: async (_ctx, sub) => {
      const user = await findUserById(db, sub);
      // A disabled (erased) account is no account: sign-in and refresh are refused.
      if (!user || user.disabledAt) return undefined;
      return {
        accountId: user.userId,
        claims: async () => ({
          sub: user.userId,
          ...(user.email ? { email: user.email, email_verified: true } : {}),
          ...(user.phone ? { phone_number: user.phone, phone_number_verified: true } : {}),
          ...(user.firstName ? { given_name: user.firstName } : {}),
          ...(user.lastName ? { family_name: user.lastName } : {}),
          name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
          connection: user.connection,
          [identity.rolesClaim]: user.roles,
          [identity.permissionsClaim]: user.permissions,
        }),
      };
    },
    // First-party client: consent is implied, so the grant is made (or completed) here.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId =
        (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
        session.grantIdFor(client.clientId);
      let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (grant && grant.accountId !== session.accountId) grant = undefined;
      grant ??= new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope(`openid email phone profile ${API_SCOPE}`);
      grant.addResourceScope(identity.audience, API_SCOPE);
      await grant.save();
      return grant;
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await findUserById(db, token.accountId);
      return {
        // The API refuses the token once its grant is gone (sign-out, revocation, reuse).
        ...(token.grantId ? { [GRANT_CLAIM]: token.grantId } : {}),
        [identity.rolesClaim]: user?.roles ?? [],
        [identity.permissionsClaim]: user?.permissions ?? [],
      };
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderPage({
        title: 'Sign-in problem',
        body: `<h1>We were unable to sign you in at this time</h1>
<p>Please try again.</p><p class="hint">${escapeHtml(String(out.error ?? ''))}: ${escapeHtml(String(out.error_description ?? ''))}</p>
<p><a href="/">Go to the home page</a></p>`,
      });
    },
  };

  const provider = new Provider(identity.issuer, configuration);
  provider.proxy = publicUrl.startsWith('https:');
  return provider;
}

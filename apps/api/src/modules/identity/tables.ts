// Identity tables: users, signing keys, the OIDC provider's storage, one-time codes and the
// rate-limit counters. Everything a second API process would need lives here, not in memory.
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { checkOneOf, createdAndUpdatedAt, createdAt, instant } from '../../db/columns';

export type MarketingPreferences = { email: boolean; phone: boolean; sms: boolean };

/**
 * Signed-in people: customers (connection `email` or `sms`, or an external issuer's connection)
 * and staff. Anonymous visitors have no row; their id lives only in their session token.
 */
export const users = pgTable(
  'users',
  {
    userId: text('user_id').primaryKey(),
    /** How they sign in: `email`, `sms`, or the name an external issuer gives. */
    connection: text('connection').notNull(),
    /** The e-mail address or phone number they sign in with; 'Unknown' when there is neither. */
    username: text('username').notNull(),
    /** Lower-cased. */
    email: text('email'),
    /** E.164. */
    phone: text('phone'),
    /**
     * When the holder of `phone` proved it with a text-message code; null for a number only
     * typed in (copied from a quote at bind). A phone sign-in lands only on a verified number.
     */
    phoneVerifiedAt: instant('phone_verified_at'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    marketingPreferences: jsonb('marketing_preferences')
      .$type<MarketingPreferences>()
      .notNull()
      .default({ email: false, phone: false, sms: false }),
    /**
     * When the customer last chose their marketing preferences in account settings; null until
     * they do. Until then bind copies the preferences disclosed on the quote (issue 13).
     */
    marketingPreferencesSetAt: instant('marketing_preferences_set_at'),
    /**
     * Set when the account may no longer be used: sign-in, refresh and access tokens are refused
     * (tokens.ts, oidc/provider.ts). Erasure sets it (flows/erase-customer.ts).
     */
    disabledAt: instant('disabled_at'),
    /** When the person's data was erased (GDPR, decision 018); the row stays as 'erased'. */
    erasedAt: instant('erased_at'),
    ...createdAndUpdatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    uniqueIndex('users_phone_idx').on(table.phone),
  ],
);

/**
 * Private signing keys (JWK), one row per key. `purpose` is `session` (anonymous tokens) or
 * `oidc` (the embedded provider). The first process to start inserts; the others read it.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  purpose: text('purpose').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** oidc-provider's adapter storage: sessions, grants, codes, tokens, interactions. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: instant('expires_at'),
    consumedAt: instant('consumed_at'),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.kind] }),
    index('oidc_payloads_grant_id_idx').on(table.grantId),
    index('oidc_payloads_uid_idx').on(table.uid),
    index('oidc_payloads_expires_at_idx').on(table.expiresAt),
  ],
);

/** Passwordless sign-in codes, stored as a salted hash; one live code per recipient. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: text('id').primaryKey(),
    connection: text('connection').notNull(),
    /** A lower-cased e-mail address or an E.164 number. */
    recipient: text('recipient').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
    /**
     * The sign-in (provider interaction) that asked for it: only that browser may use it, so a
     * stranger asking for codes or guessing cannot spoil the owner's (issue 21 item 6).
     */
    interactionId: text('interaction_id'),
  },
  (table) => [
    index('one_time_codes_recipient_idx').on(table.connection, table.recipient, table.createdAt),
    checkOneOf('one_time_codes_connection_check', table.connection, ['email', 'sms']),
  ],
);

/** Fixed-window counters for rate limits shared by every process (key = what + who). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: instant('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_limit_counters_window_start_idx').on(table.windowStart),
  ],
);

// Issue 21 item 9: the access matrix. Every operation of the OpenAPI document is tried as every
// kind of caller against customer A's and customer B's resources; each answer's class must be
// the one kept in access-matrix.expected.json, and no caller may reach data that is not theirs
// (a leak). A route under /api that is missing from the document, or declares no access, fails.
//
// After a deliberate change of access, regenerate the table and review its diff:
//   ACCESS_MATRIX_UPDATE=1 npx vitest run apps/api/src/test/security/access-matrix.test.ts
//   npx prettier --write apps/api/src/test/security/access-matrix.expected.json
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalResponse } from '@motor/contract';
import type { App } from '../../app-types';
import { createTestClock } from '../../clock';
import { POLICYHOLDER_PROFILE_CODE } from '../../modules/disclosure';
import { IMPERSONATE_HEADER, PERMISSIONS } from '../../modules/identity';
import { bearer, createTestAccessToken } from '../../modules/identity/test-tokens';
import { insertClaim } from '../../modules/claim/repository';
import { createQuote, getChecklistKeys } from '../quotes';
import { multipartFile, pdfBytes } from '../uploads';
import { DRIVER_ANSWERS, updates } from '../../modules/proposal/fixtures';
import { createBoundPolicyWithNumber } from '../bound-policy';
import { createTestApp } from '../test-app';

const START = '2026-03-02T09:00:00.000Z';
const EXPECTED_FILE = new URL('./access-matrix.expected.json', import.meta.url);
const IS_UPDATE = process.env.ACCESS_MATRIX_UPDATE === '1';

/**
 * Who calls. `staffNoPermission` asks to act for the target's owner without access:impersonate;
 * `staffNone` is an admin holding no permission at all, acting for nobody (issue 31 item 3).
 */
const CALLERS = [
  'nobody',
  'session',
  'backBookA',
  'customerA',
  'customerB',
  'staff',
  'staffNoPermission',
  'staffNone',
  'staffForA',
  'staffForB',
] as const;
type Caller = (typeof CALLERS)[number];

/** The answer class of a cell: past access control (ok, refused by a rule) or stopped by it. */
type AnswerClass = 'ok' | 'refused' | '401' | '403' | '404' | '5xx';
function classify(status: number): AnswerClass {
  if (status >= 500) return '5xx';
  if (status === 401 || status === 403 || status === 404) return String(status) as AnswerClass;
  if (status >= 400) return 'refused';
  return 'ok';
}

type OwnerName = 'A' | 'B';
/** What a customer has: a quote, a bound policy (with its account and documents), a mandate flow. */
type Owner = {
  name: OwnerName;
  userId: string;
  email: string;
  headers: Record<string, string>;
  quote: ProposalResponse;
  policyId: string;
  policyNumber: string;
  boundProposalCode: string;
  flowId: string;
  /** An instant bank payment started for the quote (the customer has not approved it). */
  bankPaymentId: string;
  /** A claim on the bound policy. */
  claimReference: string;
  /** A referred change of the bound policy: confirmed only with the cancellation agreement. */
  adjustmentId: string;
  /** A file staged and committed on the bound policy: no longer removable (409). */
  committedStageId: string;
  /** The bound policy's customer account (statements). */
  accountId: string;
  /** The customer's chat conversation (they wrote once). */
  conversationId: string;
};

/** Resource kinds: a back-book token reaches its one quote, never the owner's other records. */
type ResourceKind = 'quote' | 'private';

type Request = {
  method: string;
  url: string;
  payload?: unknown;
  /** Beside the caller's own (a multipart body's content type). */
  headers?: Record<string, string>;
};

type Recipe = {
  /** Which of the target's resources the request names; absent: the route names none. */
  resource?: ResourceKind;
  /**
   * The target goes in only as a reference the caller chooses (a list filter, a card set-up's
   * client reference): a 2xx is not a leak by itself; the answer's contents are still checked.
   */
  referenceOnly?: boolean;
  /** A fresh proposal of the target per cell (the request destroys what it names). */
  freshProposal?: boolean;
  /**
   * The staff console (issue 18): staff with the route's permission may read any customer there,
   * acting for them or not (each read is audited); customers, sessions and staff without it
   * (`staffNone`) never reach it.
   */
  staffConsole?: boolean;
  build: (target: Owner | null, context: { caller: Caller; freshCode?: string }) => Request;
};

const RETURN_PATH = '/checkout/return';

/** A change underwriting refers: confirming it needs the cancellation agreement (409 without). */
const REFERRED_CHANGE = {
  changeType: 'ASSET_DISCLOSURE_CHANGE',
  assetCode: 'car',
  update: [{ path: 'data.modifications', attribute: 'modifications', value: true }],
};

/** One request per operation, with a valid body, so that a caller who may pass is let through. */
function buildRecipes(fixtures: { backBookToken: () => string }): Record<string, Recipe> {
  const get = (url: string): Request => ({ method: 'GET', url });
  const quoteOf = (target: Owner | null) => target!.quote.proposalCode;
  const onQuote = (method: string, suffix: string, payload?: unknown): Recipe => ({
    resource: 'quote',
    build: (target) => ({
      method,
      url: `/api/proposals/${quoteOf(target)}${suffix}`,
      payload,
    }),
  });
  return {
    'GET /api/health': { build: () => get('/api/health') },
    'GET /api/ready': { build: () => get('/api/ready') },
    'POST /api/session': { build: () => ({ method: 'POST', url: '/api/session' }) },
    'POST /api/session/back-book': {
      // Wrong details: a 401 for everyone, whoever asks (a reference per caller, as the route
      // allows 5 tries per reference).
      build: (_target, { caller }) => ({
        method: 'POST',
        url: '/api/session/back-book',
        payload: {
          externalReference: `NO-SUCH-REF-${caller}`,
          dateOfBirth: '1970-01-01',
          postalCode: 'SW1A 2AA',
          brand: 'bmw',
        },
      }),
    },
    'GET /api/policyholder': { build: () => get('/api/policyholder') },
    'PATCH /api/policyholder': {
      build: () => ({
        method: 'PATCH',
        url: '/api/policyholder',
        payload: { marketingPreferences: { sms: false } },
      }),
    },
    // The caller's own data only: whoever may call it gets their own (or their customer's).
    'GET /api/policyholder/data-export': { build: () => get('/api/policyholder/data-export') },
    // Staff here lack action:gdpr-erase: everyone is refused, no customer is erased.
    'POST /api/admin/customers/{userId}/erasure': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/admin/customers/${target!.userId}/erasure`,
      }),
    },
    // Reinstatement (issue 35 item 3): staff here lack action:reinstate, so everyone is refused
    // and nothing is reinstated (the policies are not cancelled either).
    'GET /api/admin/policies/{policyId}/reinstatement': {
      resource: 'private',
      build: (target) => get(`/api/admin/policies/${target!.policyId}/reinstatement`),
    },
    'POST /api/admin/policies/{policyId}/reinstate': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/admin/policies/${target!.policyId}/reinstate`,
        payload: { cover: 'BACKDATED', reason: 'Access matrix' },
      }),
    },
    'GET /api/admin/customers': {
      resource: 'private',
      staffConsole: true,
      build: (target) => get(`/api/admin/customers?q=${encodeURIComponent(target!.policyNumber)}`),
    },
    'GET /api/admin/customers/{userId}': {
      resource: 'private',
      staffConsole: true,
      build: (target) => get(`/api/admin/customers/${target!.userId}`),
    },
    // Staff here lack access:audit: every caller is refused.
    'GET /api/admin/audit': {
      resource: 'private',
      staffConsole: true,
      build: (target) => get(`/api/admin/audit?customer=${target!.userId}`),
    },
    // Web chat (issue 18): a customer's own conversation; the staff inbox needs access:chat,
    // which the matrix's staff lack, so every caller is refused there.
    'GET /api/chat': { build: () => get('/api/chat') },
    'POST /api/chat/messages': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: '/api/chat/messages',
        payload: { body: 'Hello', policyId: target!.policyId },
      }),
    },
    'POST /api/chat/read': { build: () => ({ method: 'POST', url: '/api/chat/read' }) },
    // Without Accept: text/event-stream (a real stream never ends under inject): 400 past the gate.
    'GET /api/chat/events': { build: () => get('/api/chat/events') },
    'GET /api/admin/chat/conversations': {
      staffConsole: true,
      build: () => get('/api/admin/chat/conversations'),
    },
    'GET /api/admin/chat/conversations/{conversationId}': {
      resource: 'private',
      staffConsole: true,
      build: (target) => get(`/api/admin/chat/conversations/${target!.conversationId}`),
    },
    'POST /api/admin/chat/conversations/{conversationId}/messages': {
      resource: 'private',
      staffConsole: true,
      build: (target) => ({
        method: 'POST',
        url: `/api/admin/chat/conversations/${target!.conversationId}/messages`,
        payload: { body: 'Hi' },
      }),
    },
    'POST /api/admin/chat/conversations/{conversationId}/read': {
      resource: 'private',
      staffConsole: true,
      build: (target) => ({
        method: 'POST',
        url: `/api/admin/chat/conversations/${target!.conversationId}/read`,
      }),
    },
    'GET /api/admin/chat/events': {
      staffConsole: true,
      build: () => get('/api/admin/chat/events'),
    },
    // The policies not taken up (issue 30 item 3): they name customers, so access:impersonate.
    'GET /api/admin/not-taken-up': {
      staffConsole: true,
      build: () => get('/api/admin/not-taken-up'),
    },
    // Policies late for the Motor Insurance Database (issue 35 item 1): access:operations.
    'GET /api/admin/mid': { staffConsole: true, build: () => get('/api/admin/mid') },
    // Payment reconciliation findings: staff with access:operations; they name accounts.
    'GET /api/admin/reconciliation': {
      staffConsole: true,
      build: () => get('/api/admin/reconciliation'),
    },
    // The error tracker (issue 32 item 3): staff with access:operations read it; anybody's page
    // may report to it (scrubbed, rate-limited).
    'GET /api/admin/errors': { staffConsole: true, build: () => get('/api/admin/errors') },
    'POST /api/client-errors': {
      build: () => ({
        method: 'POST',
        url: '/api/client-errors',
        payload: { name: 'Error', message: 'A page failed', path: '/home' },
      }),
    },
    // Analytics (issue 32 items 1 and 2): a consenting customer's page records events about
    // their own quote (staff are never tracked); the funnel is for access:operations.
    'POST /api/analytics/events': {
      resource: 'quote',
      build: (target) => ({
        method: 'POST',
        url: '/api/analytics/events',
        headers: { cookie: 'cookieConsent=true' },
        payload: { name: 'quote_shown', path: '/flex', proposalCode: quoteOf(target) },
      }),
    },
    'GET /api/admin/insights': {
      staffConsole: true,
      build: () => get('/api/admin/insights?from=2026-03-01&to=2026-03-02'),
    },
    // The finance views (issue 32 item 7): access:operations; figures, no customer named.
    'GET /api/admin/finance': { staffConsole: true, build: () => get('/api/admin/finance') },
    // The insurer's reports (issue 35 item 6): access:operations, like the finance views.
    'GET /api/admin/reports/bordereau': {
      staffConsole: true,
      build: () => get('/api/admin/reports/bordereau?month=2026-03&scheme=bmw-flex'),
    },
    'GET /api/admin/reports/ipt': {
      staffConsole: true,
      build: () => get('/api/admin/reports/ipt?quarter=2026-Q1'),
    },
    'GET /api/admin/reports/renewal-pricing': {
      staffConsole: true,
      build: () => get('/api/admin/reports/renewal-pricing?month=2026-03&scheme=bmw-flex'),
    },
    // The refunds staff queue (issue 30): access:operations; an unknown refund answers 404.
    'GET /api/admin/refunds': { staffConsole: true, build: () => get('/api/admin/refunds') },
    'POST /api/admin/refunds/{id}/resolution': {
      staffConsole: true,
      build: () => ({
        method: 'POST',
        url: '/api/admin/refunds/00000000-0000-4000-8000-000000000000/resolution',
        payload: { resolution: 'WRITTEN_OFF', note: 'Access matrix' },
      }),
    },
    // The job runner's runs and failures (issue 17): access:operations; job keys name policies
    // and proposals by their opaque ids, as the staff console may.
    'GET /api/admin/jobs': { staffConsole: true, build: () => get('/api/admin/jobs') },
    'POST /api/admin/jobs/run': {
      staffConsole: true,
      build: () => ({ method: 'POST', url: '/api/admin/jobs/run' }),
    },
    // The server's clock (issue 30 item 8): access:operations reads it; moving it needs
    // action:move-clock, which the matrix's staff lack, so every caller is refused.
    'GET /api/clock/offset': { build: () => get('/api/clock/offset') },
    'GET /api/admin/clock': { staffConsole: true, build: () => get('/api/admin/clock') },
    'POST /api/admin/clock': {
      build: () => ({
        method: 'POST',
        url: '/api/admin/clock',
        payload: { amount: 1, unit: 'days' },
      }),
    },
    'POST /api/policyholder/validateAccount': {
      resource: 'quote',
      build: (target) => ({
        method: 'POST',
        url: '/api/policyholder/validateAccount',
        payload: { source: quoteOf(target) },
      }),
    },
    'POST /api/proposals/merge': {
      // The attack the route guards against: a back-book token handing the quote it reaches to
      // another account.
      resource: 'quote',
      build: (target) => ({
        method: 'POST',
        url: '/api/proposals/merge',
        payload: { proposalCode: quoteOf(target), sourceAccessToken: fixtures.backBookToken() },
      }),
    },
    'GET /api/lookup/vehicles/makes': { build: () => get('/api/lookup/vehicles/makes') },
    'GET /api/lookup/vehicles/models': { build: () => get('/api/lookup/vehicles/models?make=BMW') },
    'GET /api/lookup/vehicles/specifications': {
      build: () => get('/api/lookup/vehicles/specifications?make=BMW&model=3%20Series'),
    },
    'GET /api/lookup/vehicles/{vrn}': { build: () => get('/api/lookup/vehicles/BM24XYZ') },
    'GET /api/lookup/data/{table}': {
      build: () => get('/api/lookup/data/BMWRetailers?query=10231'),
    },
    'GET /api/lookup/addresses': { build: () => get('/api/lookup/addresses?query=SW1A%202AA') },
    'GET /api/lookup/addresses/{id}': { build: () => get('/api/lookup/addresses/no-such-id') },
    'POST /api/proposals': {
      build: () => ({
        method: 'POST',
        url: '/api/proposals',
        payload: { schemeCode: 'bmw-flex', brand: 'bmw' },
      }),
    },
    'GET /api/proposals': {
      resource: 'quote',
      referenceOnly: true,
      build: (target) => get(`/api/proposals?externalReference=${target!.quote.externalReference}`),
    },
    'GET /api/proposals/{code}': onQuote('GET', ''),
    'DELETE /api/proposals/{code}': {
      resource: 'quote',
      freshProposal: true,
      build: (_target, { freshCode }) => ({ method: 'DELETE', url: `/api/proposals/${freshCode}` }),
    },
    'PATCH /api/proposals/{code}': onQuote('PATCH', '', { changes: [], applyRating: false }),
    'PUT /api/proposals/{code}/id-check': onQuote('PUT', '/id-check'),
    'PUT /api/proposals/{code}/verify': onQuote('PUT', '/verify'),
    'POST /api/proposals/{code}/retain': onQuote('POST', '/retain', {
      email: 'someone@example.com',
    }),
    'POST /api/proposals/{code}/tracking': onQuote('POST', '/tracking', {
      utm_source: 'access-matrix',
    }),
    // The one promotion of flex with a wrong code: refused, the price unchanged.
    'PATCH /api/proposals/{code}/promotions/{id}': onQuote('PATCH', '/promotions/flex-welcome', {
      promotionActivationCode: 'NOPE',
    }),
    'PUT /api/proposals/{code}/autoRenewal': onQuote('PUT', '/autoRenewal', { enabled: true }),
    'POST /api/stripe/checkout/proposal/{code}': {
      resource: 'quote',
      build: (target) => ({
        method: 'POST',
        url: `/api/stripe/checkout/proposal/${quoteOf(target)}`,
        payload: { successPath: RETURN_PATH, cancelPath: RETURN_PATH },
      }),
    },
    'POST /api/stripe/moto/checkout/proposal/{code}': {
      // A date of birth that is not the policyholder's: refused before any charge.
      resource: 'quote',
      build: (target) => ({
        method: 'POST',
        url: `/api/stripe/moto/checkout/proposal/${quoteOf(target)}`,
        payload: { token: 'tok_visa', dateOfBirth: '1900-01-01' },
      }),
    },
    'POST /api/stripe/setup': {
      resource: 'quote',
      referenceOnly: true,
      build: (target) => ({
        method: 'POST',
        url: '/api/stripe/setup',
        payload: {
          clientReference: quoteOf(target),
          successPath: RETURN_PATH,
          cancelPath: RETURN_PATH,
        },
      }),
    },
    'POST /api/goCardless/flows': {
      resource: 'quote',
      build: (target) => ({
        method: 'POST',
        url: '/api/goCardless/flows',
        payload: {
          mandateDescription: 'Motor insurance',
          successUrl: RETURN_PATH,
          proposalCode: quoteOf(target),
        },
      }),
    },
    'POST /api/goCardless/mandates': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: '/api/goCardless/mandates',
        payload: { redirectFlowId: target!.flowId },
      }),
    },
    'GET /api/goCardless/mandates': { build: () => get('/api/goCardless/mandates') },
    'POST /api/goCardless/bank-payments/proposal/{code}': {
      resource: 'quote',
      build: (target) => ({
        method: 'POST',
        url: `/api/goCardless/bank-payments/proposal/${quoteOf(target)}`,
        payload: { successPath: RETURN_PATH, cancelPath: RETURN_PATH },
      }),
    },
    'GET /api/goCardless/bank-payments/{bankPaymentId}': {
      resource: 'private',
      build: (target) => get(`/api/goCardless/bank-payments/${target!.bankPaymentId}`),
    },
    'GET /api/stripe/cards': { build: () => get('/api/stripe/cards') },
    'POST /api/webhooks/card': {
      build: () => ({ method: 'POST', url: '/api/webhooks/card', payload: {} }),
    },
    'POST /api/webhooks/direct-debit': {
      build: () => ({ method: 'POST', url: '/api/webhooks/direct-debit', payload: {} }),
    },
    'POST /api/proposals/{code}/account': onQuote('POST', '/account'),
    'GET /api/proposals/{code}/unbound-payment': onQuote('GET', '/unbound-payment'),
    'GET /api/customerAccounts/{id}/statements': {
      resource: 'private',
      build: (target) => get(`/api/customerAccounts/${target!.accountId}/statements`),
    },
    'GET /api/customerAccounts/{id}/statements/{sid}': {
      resource: 'private',
      build: (target) =>
        get(`/api/customerAccounts/${target!.accountId}/statements/${target!.policyNumber}-01`),
    },
    'GET /api/customerAccounts/{id}/nextStatementEstimate': {
      resource: 'private',
      build: (target) => get(`/api/customerAccounts/${target!.accountId}/nextStatementEstimate`),
    },
    // The account's own day again: no change; staff acting for the owner only.
    'PUT /api/customerAccounts/{id}/paymentDay': {
      resource: 'private',
      build: (target) => ({
        method: 'PUT',
        url: `/api/customerAccounts/${target!.accountId}/paymentDay`,
        payload: { paymentDay: 2 },
      }),
    },
    'POST /api/policies/{id}/billingDay': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/policies/${target!.policyId}/billingDay`,
        payload: { billingDay: 2 },
      }),
    },
    // Nothing outstanding after bind: 409 for whoever may settle, no checkout, no charge.
    'POST /api/stripe/settle/{id}': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/stripe/settle/${target!.accountId}`,
        payload: {
          successPath: RETURN_PATH,
          cancelPath: RETURN_PATH,
          lineItem: { name: 'Balance' },
        },
      }),
    },
    'POST /api/stripe/moto/settle/{id}': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/stripe/moto/settle/${target!.accountId}`,
        payload: { token: 'tok_visa', postalCode: 'SW1A 1AA', dateOfBirth: '1900-01-01' },
      }),
    },
    'POST /api/customerAccounts': {
      resource: 'quote',
      build: (target) => ({
        method: 'POST',
        url: '/api/customerAccounts',
        payload: { proposalCode: quoteOf(target) },
      }),
    },
    'GET /api/customerAccounts': {
      resource: 'private',
      referenceOnly: true,
      build: (target) => get(`/api/customerAccounts?policyNumber=${target!.policyNumber}`),
    },
    'PUT /api/proposals/{code}/agreements': onQuote('PUT', '/agreements', {
      accepted: getChecklistKeys(),
    }),
    // Card by default, nothing paid: a 402 for whoever may bind it, nothing bound.
    'POST /api/proposals/{code}/bind': onQuote('POST', '/bind', { paymentMethodType: 'CARD' }),
    // Stopping acting for a customer: staff only, nothing to own.
    'DELETE /api/session/impersonation': {
      build: () => ({ method: 'DELETE', url: '/api/session/impersonation' }),
    },
    'GET /api/policies': { build: () => get('/api/policies') },
    'GET /api/policies/{id}': {
      resource: 'private',
      build: (target) => get(`/api/policies/${target!.policyId}`),
    },
    // Turned on (it is on already): the same answer for whoever may act on the policy.
    'PUT /api/policies/{id}/autoRenewal': {
      resource: 'private',
      build: (target) => ({
        method: 'PUT',
        url: `/api/policies/${target!.policyId}/autoRenewal`,
        payload: { enabled: true },
      }),
    },
    // Priced, never confirmed: a 201 for whoever may act on the policy, nothing changed.
    'POST /api/policyAdjustments': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: '/api/policyAdjustments',
        payload: {
          policyId: target!.policyId,
          adjustmentType: 'MTA',
          changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20000 }],
        },
      }),
    },
    'GET /api/policyAdjustments/{id}': {
      resource: 'private',
      build: (target) => get(`/api/policyAdjustments/${target!.adjustmentId}`),
    },
    // A referred change without the agreement: 409 for whoever may act on it, nothing changed.
    'POST /api/policyAdjustments/{id}/commit': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/policyAdjustments/${target!.adjustmentId}/commit`,
        payload: {},
      }),
    },
    // Saved changes (issue 35 item 5): a referred change cannot be saved, and it was never saved
    // to return to: 409 for whoever may act on it, nothing saved or priced.
    'POST /api/policyAdjustments/{id}/save': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/policyAdjustments/${target!.adjustmentId}/save`,
        payload: {},
      }),
    },
    'POST /api/policyAdjustments/{id}/resume': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/policyAdjustments/${target!.adjustmentId}/resume`,
        payload: {},
      }),
    },
    'GET /api/policies/{id}/saved-changes': {
      resource: 'private',
      build: (target) => get(`/api/policies/${target!.policyId}/saved-changes`),
    },
    // The referred change has nothing to pay by card: 409 for whoever may act on it, no charge.
    'POST /api/stripe/checkout/mta/{id}': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/stripe/checkout/mta/${target!.adjustmentId}`,
        payload: { successPath: RETURN_PATH, cancelPath: RETURN_PATH },
      }),
    },
    'POST /api/stripe/moto/checkout/mta/{id}': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/stripe/moto/checkout/mta/${target!.adjustmentId}`,
        payload: { token: 'tok_visa', dateOfBirth: '1900-01-01' },
      }),
    },
    // The policy's Motor Insurance Database status: for whoever may see the policy.
    'GET /api/policies/{id}/mid': {
      resource: 'private',
      build: (target) => get(`/api/policies/${target!.policyId}/mid`),
    },
    'GET /api/policies/{id}/cancellation': {
      resource: 'private',
      build: (target) => get(`/api/policies/${target!.policyId}/cancellation`),
    },
    'GET /api/documents/policy/{id}/{doc}': {
      resource: 'private',
      build: (target) => get(`/api/documents/policy/${target!.policyId}/policy-certificate`),
    },
    // A small PDF staged for the target's policy: staged for whoever may act on it.
    'POST /api/documents/upload/stage/{policyId}': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/documents/upload/stage/${target!.policyId}?purpose=ncb-proof`,
        ...multipartFile({ fileName: 'access-matrix.pdf', bytes: pdfBytes() }),
      }),
    },
    // Validates answers only, reads nobody's records: any session may ask.
    'POST /api/form/validation/{form}': {
      build: () => ({
        method: 'POST',
        url: '/api/form/validation/voluntaryExcess',
        payload: { schemeCode: 'bmw-flex', data: {} },
      }),
    },
    // A committed file: 409 for whoever may act on the policy, nothing removed.
    'DELETE /api/documents/upload/stage/{policyId}/{stageId}': {
      resource: 'private',
      build: (target) => ({
        method: 'DELETE',
        url: `/api/documents/upload/stage/${target!.policyId}/${target!.committedStageId}`,
      }),
    },
    // A file never staged: 409 for whoever may act on the policy, nothing committed.
    'POST /api/documents/upload/commit/{policyId}': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: `/api/documents/upload/commit/${target!.policyId}`,
        payload: { fileNames: ['never-staged.pdf'], purpose: 'ncb-proof' },
      }),
    },
    // The signed link is the permission (a browser tab has no bearer token): an altered one is
    // 410 for everyone.
    'GET /api/documents/file': { build: () => get('/api/documents/file?token=forged.token') },
    'GET /api/claims': {
      resource: 'private',
      build: (target) => get(`/api/claims?policyNumber=${target!.policyNumber}`),
    },
    // Staff acting for the owner hold action:mta-claims here: they add and correct claims.
    'POST /api/claims': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: '/api/claims',
        payload: {
          policyNumber: target!.policyNumber,
          claimType: 'Windscreen',
          status: 'SETTLED',
          insuredName: 'Access Matrix',
          occurredDate: '2026-02-01',
        },
      }),
    },
    'PATCH /api/claims/{claimReference}': {
      resource: 'private',
      build: (target) => ({
        method: 'PATCH',
        url: `/api/claims/${target!.claimReference}`,
        payload: { status: 'ACTIVE' },
      }),
    },
    'POST /api/fnol/link': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: '/api/fnol/link',
        payload: {
          policyId: target!.policyId,
          callbackUrl: RETURN_PATH,
          privacyPolicyUrl: '/content/static/privacy.html',
          telephone: '0800 000 0000',
          email: 'claims@access-matrix.example',
        },
      }),
    },
    'POST /api/insights/feedback': {
      resource: 'private',
      build: (target) => ({
        method: 'POST',
        url: '/api/insights/feedback',
        payload: { policyId: target!.policyId, rating: 9 },
      }),
    },
    'POST /api/insights/impression': {
      resource: 'quote',
      build: (target) => ({
        method: 'POST',
        url: '/api/insights/impression',
        payload: { proposalCode: quoteOf(target) },
      }),
    },
  };
}

/** The routes fastify has under /api, from printRoutes: `METHOD /api/path/{param}`. */
function listRegisteredApiRoutes(app: App): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    // Each node's segment continues its parent's path (commonPrefix: false prints them whole).
    stack[depth] = (depth === 0 ? '' : stack[depth - 1]!) + match[2]!;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD') continue;
      found.push(`${method} ${stack[depth]!.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return found.filter((route) => / \/api(\/|$)/.test(route));
}

type Operation = { key: string; access: string[] };

type Cell = { route: string; caller: Caller; target: OwnerName | null; status: number };

describe('access matrix (issue 21 item 9)', () => {
  const clock = createTestClock(START);
  let app: App;
  let owners: Record<OwnerName, Owner>;
  const callerHeaders = {} as Record<Caller, (target: Owner | null) => Record<string, string>>;
  let backBookToken = '';
  let operations: Operation[] = [];

  async function createOwner(name: OwnerName): Promise<Owner> {
    const userId = `access-matrix-${name.toLowerCase()}`;
    const email = `customer.${name.toLowerCase()}@access-matrix.example`;
    const headers = bearer(await createTestAccessToken(app, { userId }));
    const account = await app.inject({ url: '/api/policyholder', headers });
    expect(account.statusCode, account.body).toBe(200);
    const person = {
      changeType: 'PROFILE_DISCLOSURE_CHANGE' as const,
      profileCode: POLICYHOLDER_PROFILE_CODE,
      update: updates({ firstName: `Customer${name}`, email }),
    };
    const bound = await createBoundPolicyWithNumber(app, headers, { extraChanges: [person] });
    const bought = bound.quote;
    const claim = await insertClaim(app.db, {
      policyId: bound.policyId,
      claimType: 'Accident',
      status: 'PENDING',
      insuredName: `Customer${name}`,
      occurredDate: '2026-03-01',
      source: 'fnol',
      createdBy: userId,
      createdAt: clock.now(),
      updatedBy: userId,
      updatedAt: clock.now(),
    });
    const quote = await createQuote(app, headers, { extraChanges: [person] });
    const flow = await app.inject({
      method: 'POST',
      url: '/api/goCardless/flows',
      headers,
      payload: { mandateDescription: 'Motor insurance', successUrl: RETURN_PATH },
    });
    expect(flow.statusCode, flow.body).toBe(201);
    const bankPayment = await app.inject({
      method: 'POST',
      url: `/api/goCardless/bank-payments/proposal/${quote.proposalCode}`,
      headers,
      payload: { successPath: RETURN_PATH, cancelPath: RETURN_PATH },
    });
    expect(bankPayment.statusCode, bankPayment.body).toBe(201);
    const adjustment = await app.inject({
      method: 'POST',
      url: '/api/policyAdjustments',
      headers,
      payload: { policyId: bound.policyId, adjustmentType: 'MTA', changes: [REFERRED_CHANGE] },
    });
    expect(adjustment.statusCode, adjustment.body).toBe(201);
    const upload = multipartFile({ fileName: 'kept.pdf', bytes: pdfBytes() });
    const staged = await app.inject({
      method: 'POST',
      url: `/api/documents/upload/stage/${bound.policyId}?purpose=ncb-proof`,
      headers: { ...headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(staged.statusCode, staged.body).toBe(201);
    const committed = await app.inject({
      method: 'POST',
      url: `/api/documents/upload/commit/${bound.policyId}`,
      headers,
      payload: { fileNames: ['kept.pdf'], purpose: 'ncb-proof', documentDate: START.slice(0, 10) },
    });
    expect(committed.statusCode, committed.body).toBe(201);
    const accounts = await app.inject({
      url: `/api/customerAccounts?policyNumber=${bound.policyNumber}`,
      headers,
    });
    expect(accounts.statusCode, accounts.body).toBe(200);
    const wrote = await app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      headers,
      payload: { body: 'Hello', policyId: bound.policyId },
    });
    expect(wrote.statusCode, wrote.body).toBe(201);
    const chat = await app.inject({ url: '/api/chat', headers });
    return {
      name,
      userId,
      email,
      headers,
      quote,
      policyId: bound.policyId,
      policyNumber: bound.policyNumber,
      boundProposalCode: bought.proposalCode,
      flowId: flow.json<{ flowId: string }>().flowId,
      bankPaymentId: bankPayment.json<{ bankPaymentId: string }>().bankPaymentId,
      claimReference: claim.claimReference,
      adjustmentId: adjustment.json<{ adjustmentId: string }>().adjustmentId,
      committedStageId: staged.json<{ stageId: string }>().stageId,
      accountId: accounts.json<{ accountId: string }[]>()[0]!.accountId,
      conversationId: chat.json<{ conversationId: string }>().conversationId,
    };
  }

  beforeAll(async () => {
    app = await createTestApp({ clock, seed: true });
    owners = { A: await createOwner('A'), B: await createOwner('B') };

    const session = await app.inject({ method: 'POST', url: '/api/session' });
    const sessionToken = session.json<{ accessToken: string }>().accessToken;
    const backBook = await app.inject({
      method: 'POST',
      url: '/api/session/back-book',
      payload: {
        externalReference: owners.A.quote.externalReference,
        dateOfBirth: DRIVER_ANSWERS.dateOfBirth,
        postalCode: DRIVER_ANSWERS.address.postalCode,
        brand: 'bmw',
      },
    });
    expect(backBook.statusCode, backBook.body).toBe(200);
    backBookToken = backBook.json<{ accessToken: string }>().accessToken;

    const staffToken = await createTestAccessToken(app, {
      userId: 'access-matrix-staff',
      roles: ['admin'],
      permissions: [PERMISSIONS.impersonate, PERMISSIONS.mtaClaims, PERMISSIONS.operations],
    });
    const staffNoneToken = await createTestAccessToken(app, {
      userId: 'access-matrix-staff-none',
      roles: ['admin'],
    });
    const staffNoPermissionToken = await createTestAccessToken(app, {
      userId: 'access-matrix-staff-2',
      roles: ['admin'],
      permissions: [PERMISSIONS.mtaClaims],
    });
    const actingFor = (userId: string) => ({
      ...bearer(staffToken),
      [IMPERSONATE_HEADER]: userId,
    });
    callerHeaders.nobody = () => ({});
    callerHeaders.session = () => bearer(sessionToken);
    callerHeaders.backBookA = () => bearer(backBookToken);
    callerHeaders.customerA = () => owners.A.headers;
    callerHeaders.customerB = () => owners.B.headers;
    callerHeaders.staff = () => bearer(staffToken);
    callerHeaders.staffNoPermission = (target) => ({
      ...bearer(staffNoPermissionToken),
      [IMPERSONATE_HEADER]: (target ?? owners.A).userId,
    });
    callerHeaders.staffNone = () => bearer(staffNoneToken);
    callerHeaders.staffForA = () => actingFor(owners.A.userId);
    callerHeaders.staffForB = () => actingFor(owners.B.userId);

    const document = await app.inject({ url: '/api/openapi.json' });
    expect(document.statusCode).toBe(200);
    const paths = document.json<{
      paths: Record<string, Record<string, { 'x-access'?: string[] }>>;
    }>().paths;
    operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        access: operation['x-access'] ?? [],
      })),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('every route under /api is in the OpenAPI document and declares its access', () => {
    const documented = new Set(operations.map((operation) => operation.key));
    const registered = listRegisteredApiRoutes(app).filter(
      (route) => !/ \/api\/(docs|openapi\.json)/.test(route),
    );
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((route) => !documented.has(route))).toEqual([]);
    const undeclared = operations.filter((operation) => operation.access.length === 0);
    expect(undeclared.map((operation) => operation.key)).toEqual([]);
  });

  // Every operation for every caller, several hundred requests: bounded by their number, with a
  // limit that leaves room for a machine running two suites at once (30 s was not, issue 29).
  it('answers every cell as the table says, with no leak', { timeout: 180_000 }, async () => {
    const recipes = buildRecipes({ backBookToken: () => backBookToken });
    const expected = (IS_UPDATE ? {} : JSON.parse(readFileSync(EXPECTED_FILE, 'utf8'))) as Record<
      string,
      Record<Caller, string>
    >;
    const actual: Record<string, Record<string, string>> = {};
    const cells: Cell[] = [];
    const leaks: string[] = [];
    const mismatches: string[] = [];
    const missingRecipes = operations.filter((operation) => !recipes[operation.key]);
    expect(
      missingRecipes.map((operation) => operation.key),
      'add a recipe for',
    ).toEqual([]);

    // What each caller may see: a back-book token its one quote; customers and staff acting for
    // them everything of theirs; everybody else nothing.
    const entitled = (
      caller: Caller,
      owner: OwnerName,
      kind: ResourceKind,
      recipe: Recipe,
    ): boolean => {
      if (recipe.staffConsole && caller.startsWith('staff') && caller !== 'staffNone') return true;
      if (caller === 'backBookA') return owner === 'A' && kind === 'quote';
      return caller === `customer${owner}` || caller === `staffFor${owner}`;
    };
    const markers = (owner: Owner): Record<ResourceKind, string[]> => ({
      quote: [owner.quote.proposalCode, owner.quote.externalReference, owner.email],
      private: [
        owner.policyId,
        owner.policyNumber,
        owner.boundProposalCode,
        owner.flowId,
        owner.bankPaymentId,
        owner.claimReference,
        owner.adjustmentId,
      ],
    });

    for (const operation of operations) {
      const recipe = recipes[operation.key]!;
      const row: Record<string, string> = {};
      for (const caller of CALLERS) {
        const targets: (Owner | null)[] = recipe.resource ? [owners.A, owners.B] : [null];
        const answers: string[] = [];
        for (const target of targets) {
          let freshCode: string | undefined;
          if (recipe.freshProposal) {
            const created = await app.inject({
              method: 'POST',
              url: '/api/proposals',
              headers: target!.headers,
              payload: { schemeCode: 'bmw-flex', brand: 'bmw' },
            });
            freshCode = created.json<ProposalResponse>().proposalCode;
          }
          const request = recipe.build(target, { caller, freshCode });
          const response = await app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: { ...callerHeaders[caller](target), ...request.headers },
            ...(request.payload === undefined ? {} : { payload: request.payload as object }),
          });
          const answer = classify(response.statusCode);
          answers.push(answer);
          const cell = `${operation.key} as ${caller}${target ? ` on ${target.name}'s` : ''}`;
          cells.push({
            route: operation.key,
            caller,
            target: target?.name ?? null,
            status: response.statusCode,
          });
          if (answer === '5xx') mismatches.push(`${cell}: ${response.statusCode} ${response.body}`);

          // A caller not entitled to what the request names must be stopped (401/403/404):
          // any other answer tells them about it, or did something to it.
          if (
            target &&
            recipe.resource &&
            !recipe.referenceOnly &&
            !entitled(caller, target.name, recipe.resource, recipe) &&
            (answer === 'ok' || answer === 'refused')
          ) {
            leaks.push(`${cell}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          }
          // Nothing of someone else's in any answer (what the caller sent aside).
          const sent = `${request.url} ${JSON.stringify(request.payload ?? null)}`;
          for (const owner of [owners.A, owners.B]) {
            for (const [kind, values] of Object.entries(markers(owner)) as [
              ResourceKind,
              string[],
            ][]) {
              if (entitled(caller, owner.name, kind, recipe)) continue;
              for (const value of values) {
                if (!sent.includes(value) && response.body.includes(value)) {
                  leaks.push(`${cell}: the answer holds ${owner.name}'s ${kind} ${value}`);
                }
              }
            }
          }
        }
        row[caller] = answers.join('|');
      }
      actual[operation.key] = row;
      const wanted = expected[operation.key];
      if (!IS_UPDATE) {
        if (!wanted) {
          mismatches.push(`${operation.key}: no row in access-matrix.expected.json`);
        } else {
          for (const caller of CALLERS) {
            if (wanted[caller] !== row[caller]) {
              mismatches.push(
                `${operation.key} as ${caller}: expected ${wanted[caller]}, got ${row[caller]}`,
              );
            }
          }
        }
      }
    }
    for (const key of Object.keys(expected)) {
      if (!actual[key]) mismatches.push(`${key}: in the table but no longer a route`);
    }
    if (IS_UPDATE) writeFileSync(EXPECTED_FILE, `${JSON.stringify(actual, null, 2)}\n`);

    console.log(
      `access matrix: ${operations.length} routes, ${CALLERS.length} callers, ` +
        `${cells.length} cells, ${leaks.length} leaks, ${mismatches.length} mismatches`,
    );
    expect(leaks).toEqual([]);
    expect(mismatches).toEqual([]);

    // Issue 31 item 3: the console opens nothing to a staff member without permissions. Staff
    // routes: those under /api/admin and those only staff may call. Stopping to act for a
    // customer is left out: it reads nothing and is what a console offers everyone.
    const staffRoutes = operations.filter(
      (operation) =>
        operation.key !== 'DELETE /api/session/impersonation' &&
        (operation.key.includes(' /api/admin/') ||
          (operation.access.length === 1 && operation.access[0] === 'admin')),
    );
    expect(staffRoutes.length).toBeGreaterThan(15);
    const opened = staffRoutes
      .map((operation) => `${operation.key}: ${actual[operation.key]!.staffNone}`)
      .filter((cell) => !/: 403(\|403)*$/.test(cell));
    expect(opened, 'staff routes an admin without permissions reached').toEqual([]);
  });
});

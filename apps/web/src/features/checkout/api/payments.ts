import { z } from 'zod';
import type { CardCheckoutSession } from '@motor/contract';
import type { PaymentMethodType } from '@motor/domain';
import type { ApiClient } from '../../../lib/api-client';
import { checkoutMandatesQueryKey } from '../../../lib/query-keys';
import { fetchSavedCard } from '../../../lib/saved-card';
import { useSignedInQuery } from '../../../lib/signed-in-query';

/** The part of the contract's checkout session this page uses (where to send the browser). */
export type HostedSession = Pick<CardCheckoutSession, 'sessionId' | 'url'>;
const HostedSessionSchema = z.object({
  sessionId: z.string(),
  url: z.string(),
}) satisfies z.ZodType<HostedSession>;

/** POST /api/stripe/checkout/proposal/{code}: a hosted card checkout to redirect the browser to. */
export async function startCardCheckout(
  client: ApiClient,
  proposalCode: string,
  body: {
    saveCard: boolean;
    successPath: string;
    cancelPath: string;
    /** BACS_DEBIT when the card pays a DUAL deposit and the mandate the instalments. */
    paymentMethodType: PaymentMethodType;
  },
): Promise<HostedSession> {
  const data = await client.post<unknown>(
    `/stripe/checkout/proposal/${encodeURIComponent(proposalCode)}`,
    body,
  );
  return HostedSessionSchema.parse(data);
}

const MotoResultSchema = z
  .object({
    status: z.string().nullish(),
    policyId: z.string().nullish(),
    policyNumber: z.string().nullish(),
    message: z.string().nullish(),
  })
  .loose();
export type MotoResult = z.infer<typeof MotoResultSchema>;

/**
 * POST /api/stripe/moto/checkout/proposal/{code} (admins only): charges the card provider's token
 * (card numbers never reach this page or /api).
 */
export async function takePhonePayment(
  client: ApiClient,
  proposalCode: string,
  body: {
    saveCard: boolean;
    token: string;
    /** The cardholder's, upper-cased (spec 3 §5). */
    postalCode: string;
    dateOfBirth: string;
    paymentMethodType: PaymentMethodType;
  },
): Promise<MotoResult> {
  const data = await client.post<unknown>(
    `/stripe/moto/checkout/proposal/${encodeURIComponent(proposalCode)}`,
    body,
  );
  return MotoResultSchema.parse(data ?? {});
}

const MandateSchema = z
  .object({
    bankName: z.string(),
    accountNumberEnding: z.string(),
    status: z.string().nullish(),
  })
  .loose();
export type Mandate = z.infer<typeof MandateSchema>;

function toList(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  const items = (data as { mandates?: unknown; items?: unknown } | null) ?? {};
  if (Array.isArray(items.mandates)) return items.mandates;
  if (Array.isArray(items.items)) return items.items;
  return [];
}

/** GET /api/goCardless/mandates: the caller's mandates, redacted; the usable (not cancelled) ones. */
async function listMandates(client: ApiClient, signal?: AbortSignal): Promise<Mandate[]> {
  const data = await client.get<unknown>('/goCardless/mandates', { signal });
  return z
    .array(MandateSchema)
    .parse(toList(data))
    .filter((mandate) => mandate.status !== 'CANCELLED');
}

export function useMandates(options: { enabled?: boolean } = {}) {
  return useSignedInQuery({ queryKey: checkoutMandatesQueryKey, read: listMandates, ...options });
}

const SAVED_CARDS_QUERY_KEY = ['saved-cards'] as const;

/**
 * GET /api/stripe/cards: the caller's saved card, if any. With nothing to pay, checkout binds by it
 * (BIND, spec 2 §4.3).
 */
export function useSavedCard(options: { enabled?: boolean } = {}) {
  return useSignedInQuery({ queryKey: SAVED_CARDS_QUERY_KEY, read: fetchSavedCard, ...options });
}

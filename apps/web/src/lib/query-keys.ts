// The query keys more than one feature reads or writes: one place, so two screens can never
// drift apart on a key they share. A key only one feature uses stays in that feature.

/**
 * One proposal. Every hook that reads or changes a proposal (quote, checkout, product start)
 * uses this entry, so an answer written by one screen is the one every other screen shows.
 */
export const proposalQueryKey = (proposalCode: string) => ['proposal', proposalCode] as const;

/**
 * The caller's Direct Debit mandates. Checkout and home parse the list differently, so each keeps
 * it under its own key below this one; a mandate write refreshes both through this one.
 */
export const MANDATES_QUERY_KEY = ['goCardless', 'mandates'] as const;

/** Checkout's list of usable mandates (the bank name and last digits it shows). */
export const checkoutMandatesQueryKey = [...MANDATES_QUERY_KEY, 'checkout'] as const;

/** Home's payment method summaries (what its missing-payment-method notices need). */
export const paymentMethodsQueryKey = [...MANDATES_QUERY_KEY, 'summaries'] as const;

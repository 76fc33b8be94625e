import { paths } from '../../lib/paths';

/** Which quote a checkout page is for: its product's address and its code (the route's parameters). */
export type QuoteAddress = { productUrlName: string; proposalCode: string };

// Paths inside one proposal's checkout; the proposal router mounts account-setup and checkout/*.
export const checkoutPaths = {
  accountSetup: (product: string, code: string) => `${paths.proposal(product, code)}/account-setup`,
  checkout: (product: string, code: string) => `${paths.proposal(product, code)}/checkout`,
  callback: (product: string, code: string) => `${paths.proposal(product, code)}/checkout/callback`,
  /** Back from approving the first payment in the bank (`?bank_payment_id=`). */
  bankCallback: (product: string, code: string) =>
    `${paths.proposal(product, code)}/checkout/bank-callback`,
  paymentError: (product: string, code: string) =>
    `${paths.proposal(product, code)}/checkout/payment-error`,
  /** A POLICY proposal shows the success page under its checkout path. */
  success: (product: string, code: string) => `${paths.proposal(product, code)}/checkout`,
} as const;

// The range of a payment day, free of zod so the rules (and the web app's first page) can use it
// without loading the schemas of ./customer-account.ts.
export const MIN_PAYMENT_DAY = 1;
/** Payment days stop at 28 so every month has the day. */
export const MAX_PAYMENT_DAY = 28;

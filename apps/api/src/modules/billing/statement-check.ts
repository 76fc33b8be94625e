// Whether statements add up exactly as displayed (issue 30 item 5), without a test framework: the
// suites' expectStatementsAddUp (testing.ts) and the money year's daily check (test/money-year)
// both ask it.
import type { StatementResponse } from '@motor/contract';

const MONEY_TYPES = ['PAYMENT', 'PAYMENT_REVERSAL', 'REFUND', 'REFUND_REVERSAL'];

/**
 * What does not add up in an account's statements (oldest first), one line each; none when
 * brought forward + subtotal = carried forward, the subtotal is the sum of the lines that count
 * (money still with a provider is listed, not counted), the statement balance is brought forward
 * + the bill's charges, and each statement brings forward what the one before carried.
 */
export function findStatementErrors(statements: readonly StatementResponse[]): string[] {
  const errors: string[] = [];
  let carried = 0;
  for (const { statementSummary: summary, lineItems } of statements) {
    const number = summary.statementNumber;
    const isMoney = (type: string) => MONEY_TYPES.includes(type);
    const counted = lineItems
      .filter((item) => !(isMoney(item.type) && item.status === 'PENDING'))
      .reduce((sum, item) => sum + item.amount, 0);
    const charges = lineItems
      .filter((item) => !isMoney(item.type))
      .reduce((sum, item) => sum + item.amount, 0);
    const check = (what: string, shown: number, expected: number) => {
      if (shown !== expected) errors.push(`${number}: ${what} ${shown}, expected ${expected}`);
    };
    check('brought forward', summary.broughtForwardBalance, carried);
    check('subtotal', summary.subtotalBalance, counted);
    check(
      'carried forward',
      summary.carriedForwardBalance,
      summary.broughtForwardBalance + summary.subtotalBalance,
    );
    check('statement balance', summary.statementBalance, summary.broughtForwardBalance + charges);
    carried = summary.carriedForwardBalance;
  }
  return errors;
}

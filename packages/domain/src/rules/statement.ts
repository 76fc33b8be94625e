import type { StatementStatus, StatementStatusIcon } from '../enums/billing';

/** Returns a statement's status icon: PENDING clock, FAILED warning, SETTLED tick, DRAFT none. */
export function getStatementStatusIcon(status: StatementStatus): StatementStatusIcon | null {
  switch (status) {
    case 'PENDING':
      return 'clock';
    case 'FAILED':
      return 'warning';
    case 'SETTLED':
      return 'tick';
    case 'DRAFT':
      return null;
  }
}

import type { ServiceDeps } from '../../app-types';
import { AppError } from '../../errors';
import type { ProposalRow } from '../proposal';
import { verifyCustomer } from '../proposal';

export const VERIFICATION_NOT_CLEAR_MESSAGE =
  'We could not verify your details, so we cannot set up your account. Please chat with us.';

/**
 * Re-runs the customer verification (identity checks and our business checks: one Driveaway
 * policy per customer and per car) instead of trusting the browser to have called verify, so
 * that calling account or bind directly cannot skip it. 409 with the checks when not clear.
 */
export async function assertCustomerVerified(deps: ServiceDeps, row: ProposalRow): Promise<void> {
  const verification = await verifyCustomer(
    {
      db: deps.db,
      clock: deps.clock,
      vehicleLookup: deps.providers.vehicleLookup,
      identityVerification: deps.providers.identityVerification,
      publicUrl: deps.config.publicUrl,
    },
    row,
  );
  if (!verification.isClear) {
    throw new AppError('CONFLICT', VERIFICATION_NOT_CLEAR_MESSAGE, {
      checks: verification.checks,
    });
  }
}

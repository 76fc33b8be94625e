import type { App } from '../../app';
import { AppError } from '../../errors';
import { MANDATE_REQUIRED_MESSAGE } from '../policy/bind';
import * as repository from './repository';
import { findActiveMandate } from './methods';

/**
 * Asks the direct-debit provider for money under the owner's active mandate and records the
 * collection (PENDING); its later statuses arrive by webhook. `reference` is ours (an invoice or
 * bind id): the same reference never collects twice.
 */
export async function createDirectDebitCollection(
  app: App,
  options: {
    ownerUserId: string;
    proposalCode: string | null;
    amountPence: number;
    description: string;
    reference: string;
  },
): Promise<repository.CollectionRow> {
  if (!Number.isSafeInteger(options.amountPence) || options.amountPence <= 0) {
    throw new RangeError(`A collection must be whole, positive pence: ${options.amountPence}`);
  }
  const mandate = await findActiveMandate(app.db, options.ownerUserId);
  if (!mandate) throw new AppError('PAYMENT_REQUIRED', MANDATE_REQUIRED_MESSAGE);
  const now = app.clock.now();
  const collection = await app.providers.directDebit.createCollection({
    reference: options.reference,
    mandateId: mandate.providerReference,
    amountPence: options.amountPence,
    description: options.description,
    now,
  });
  return repository.recordCollectionStatus(app.db, {
    providerPaymentId: collection.providerPaymentId,
    provider: 'DIRECT_DEBIT',
    ownerUserId: options.ownerUserId,
    proposalCode: options.proposalCode,
    amountPence: options.amountPence,
    status: collection.status,
    settlesOn: collection.settlesOn,
    failureReason: collection.failureReason,
    at: now,
  });
}

import type { ProposalChange } from '@motor/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { VehicleLookupProvider } from '../../providers/vehicle-lookup';
import { findRetailer } from '../lookup';
import { applyChanges, type ChangeContext } from './changes';
import type { SchemeFacts } from './product';
import type { ProposalDraft } from './types';

/**
 * Applies a request's changes to the draft, the retailers read from the scheme's brand, or
 * refuses the whole request (400 with every field error): a quote's update and a policy change
 * being priced check their answers the same way.
 */
export async function applyChangesOrRefuse(
  deps: { db: Db; vehicleLookup: VehicleLookupProvider },
  options: {
    draft: ProposalDraft;
    changes: readonly ProposalChange[];
    now: Date;
    facts: SchemeFacts;
    policyEditor?: ChangeContext['policyEditor'];
  },
): Promise<void> {
  const { draft, changes, now, facts, policyEditor } = options;
  const errors = await applyChanges({
    draft,
    changes,
    context: {
      now,
      facts,
      vehicleLookup: deps.vehicleLookup,
      findRetailer: (code) => findRetailer(deps.db, { code, brand: facts.brand }),
      policyEditor,
    },
  });
  if (errors.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Some answers need checking.', { fields: errors });
  }
}

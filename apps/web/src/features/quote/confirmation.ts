import type { ProposalChange } from '@motor/domain';
import { parseInputDefinition } from '@motor/forms';
import type { FormValues, InputDefinition } from '@motor/forms';
import type { ProductConfig } from '../../lib/brand-products';
import type { Proposal } from './api/get-proposal';
import { VEHICLE_REGISTRATION_INPUT, getCoreAssetCode, getVehicle } from './proposal-rules';

// The proposal-confirmation modal's questions and the changes its answers make (spec 2 §2).

const CAR_INPUTS = new Set(['vehicle']);

/** The vehicle registration, asked when the car was chosen without one. */
export function createVehicleRegistrationInput(copy: { label: string; hint: string }) {
  return parseInputDefinition({
    name: VEHICLE_REGISTRATION_INPUT,
    type: 'vehicleRegistration',
    validation: { required: true },
    meta: copy,
  });
}

/** The product's questions for the missing names, in the order they are missing. */
export function getConfirmationInputs(options: {
  product: ProductConfig;
  missing: readonly string[];
  registrationInput: InputDefinition;
}): InputDefinition[] {
  const { product, missing, registrationInput } = options;
  return missing.flatMap((name) => {
    if (name === VEHICLE_REGISTRATION_INPUT) return [registrationInput];
    const list = CAR_INPUTS.has(name) ? product.disclosures.asset : product.disclosures.profile;
    const input = list.find((candidate) => candidate.name === name);
    return input ? [input] : [];
  });
}

const update = (name: string, value: unknown) => ({ path: `data.${name}`, attribute: name, value });

/** The car's and the policyholder's changes for the confirmed answers. */
export function buildConfirmationChanges(proposal: Proposal, values: FormValues): ProposalChange[] {
  const carUpdates = [];
  const driverUpdates = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    // The vehicle is one answer: the registration goes in whole with the car it belongs to.
    if (name === VEHICLE_REGISTRATION_INPUT) {
      carUpdates.push(update('vehicle', { ...getVehicle(proposal), vrn: value }));
    } else if (CAR_INPUTS.has(name)) carUpdates.push(update(name, value));
    else driverUpdates.push(update(name, value));
  }
  const policyholder = proposal.quote.insuredProfiles.find((profile) => profile.policyholder);
  const changes: ProposalChange[] = [];
  if (carUpdates.length > 0) {
    changes.push({
      changeType: 'ASSET_DISCLOSURE_CHANGE',
      assetCode: getCoreAssetCode(proposal),
      update: carUpdates,
    });
  }
  if (driverUpdates.length > 0 && policyholder) {
    changes.push({
      changeType: 'PROFILE_DISCLOSURE_CHANGE',
      profileCode: policyholder.profileCode,
      update: driverUpdates,
    });
  }
  return changes;
}

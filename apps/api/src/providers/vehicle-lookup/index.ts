import type { Clock } from '@motor/domain';
import { createSandboxVehicleLookup } from './sandbox';
import type { VehicleLookupProvider } from './types';

export * from './types';
export { normaliseRegistration, findRegistrationYear } from './registration';
export { createSandboxVehicleLookup } from './sandbox';

/**
 * The vehicle lookup chosen by configuration. Only the sandbox exists yet; a DVLA Vehicle
 * Enquiry + vehicle-data adapter (`dvla.ts`) will implement the same contract and be chosen here
 * when its API keys are configured.
 */
export function createVehicleLookup(options: { clock?: Clock } = {}): VehicleLookupProvider {
  return createSandboxVehicleLookup(options);
}

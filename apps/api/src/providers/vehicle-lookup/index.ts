import type { Clock } from '@motor/domain';
import { parseVehicleCatalogue } from './catalogue';
import { createSandboxVehicleLookup } from './sandbox';
import type { VehicleLookupProvider } from './types';

export * from './types';
export { parseVehicleCatalogue } from './catalogue';

/**
 * The vehicle lookup chosen by configuration. Only the sandbox exists yet; a DVLA Vehicle
 * Enquiry + vehicle-data adapter (`dvla.ts`) will implement the same contract and be chosen here
 * when its API keys are configured.
 */
export function createVehicleLookup(options: {
  clock?: Clock;
  /** The brand's catalogue data, validated here. */
  catalogue: unknown;
}): VehicleLookupProvider {
  return createSandboxVehicleLookup({
    clock: options.clock,
    catalogue: parseVehicleCatalogue(options.catalogue),
  });
}

import { describeVehicle } from '@motor/domain';
import { formatPlate } from '../format';
import type { Policy } from './get-policy';

// What the policy pages say about the cover in force: read from the current version's quote.

type Answers = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function quoteOf(policy: Policy) {
  return policy.currentPolicyVersion?.quote;
}

/** The car: its registration as printed on the plate ('BM24 XYZ') and its make and model. */
export function describeCar(policy: Policy): { registration: string; name: string } {
  return describeInsuredCar(quoteOf(policy)?.insuredAssets ?? []);
}

/** The same for any quote's insured assets (a renewal's too): the core asset, else the first. */
export function describeInsuredCar(assets: readonly { coreAsset: boolean; data: unknown }[]): {
  registration: string;
  name: string;
} {
  const car = (assets.find((asset) => asset.coreAsset) ?? assets[0])?.data as Answers | undefined;
  const vehicle = (car?.vehicle ?? {}) as Answers;
  const specification = (vehicle.specification ?? {}) as Answers;
  const name = describeVehicle(specification);
  const mark = text(vehicle.vrn);
  return {
    registration: mark ? formatPlate(mark) : '',
    name,
  };
}

/** The drivers' names, the policyholder first. */
export function listDrivers(policy: Policy): { name: string; isPolicyholder: boolean }[] {
  const profiles = quoteOf(policy)?.insuredProfiles ?? [];
  return [...profiles]
    .sort((a, b) => Number(b.policyholder) - Number(a.policyholder))
    .map((profile) => {
      const data = profile.data as Answers;
      return {
        name: [text(data.firstName), text(data.lastName)].filter(Boolean).join(' '),
        isPolicyholder: profile.policyholder,
      };
    });
}

/** The policyholder, the car and the other drivers of the version in force. */
export function getParties(policy: Policy) {
  const quote = policy.currentPolicyVersion.quote;
  const policyholder = quote.insuredProfiles.find((profile) => profile.policyholder);
  const asset =
    quote.insuredAssets.find((candidate) => candidate.coreAsset) ?? quote.insuredAssets[0];
  return {
    policyholder,
    asset,
    additionalProfiles: quote.insuredProfiles.filter((profile) => !profile.policyholder),
  };
}

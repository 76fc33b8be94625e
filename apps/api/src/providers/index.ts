import type { Brand } from '@motor/brand-kit';
import type { Config } from '../config';
import { createAddressLookup, type AddressLookupProvider } from './address-lookup';
import {
  createIdentityVerification,
  createSandboxIdentityVerification,
  type IdentityVerificationProvider,
} from './identity-verification';
import { createVehicleLookup, type VehicleLookupProvider } from './vehicle-lookup';
import { createMail, createSandboxMail, type MailProvider } from './mail';
import {
  createCardPayments,
  createSandboxCardPayments,
  type CardPaymentsProvider,
} from './card-payments';
import {
  createDirectDebit,
  createSandboxDirectDebit,
  type DirectDebitProvider,
} from './direct-debit';
import { createSandboxStorage, createStorage, type StorageProvider } from './storage';
import { createFnol, createSandboxFnol, type FnolProvider } from './fnol';
import { createChat, type ChatConnector } from './chat';
import { createMid, createSandboxMid, type MidProvider } from './mid';
import { createAnalytics, createNoAnalytics, type AnalyticsProvider } from './analytics';
import {
  createErrorTracker,
  createNoErrorTracker,
  type ErrorTrackerProvider,
} from './error-tracker';

/**
 * The external capabilities the app uses, one entry per capability (payments, direct debit,
 * mail, SMS, lookups, storage, ...), each typed by our own contract in
 * `providers/<capability>/types.ts`. A new capability adds an entry here and to both
 * factories below. See docs/decisions/004-provider-contracts.md.
 */
export type Providers = {
  vehicleLookup: VehicleLookupProvider;
  addressLookup: AddressLookupProvider;
  identityVerification: IdentityVerificationProvider;
  cardPayments: CardPaymentsProvider;
  directDebit: DirectDebitProvider;
  mail: MailProvider;
  storage: StorageProvider;
  /** Online claims (first notification of loss): the sandbox claim page until a vendor's. */
  fnol: FnolProvider;
  /** The Motor Insurance Database: the sandbox register until a bureau's adapter. */
  mid: MidProvider;
  /** Web chat between customers and staff: the built-in chat on our database until a vendor's. */
  chat: ChatConnector;
  /** Analytics beyond our database: PostHog when configured, nothing by default. */
  analytics: AnalyticsProvider;
  /** Errors beyond our database: Sentry when configured, nothing by default. */
  errorTracker: ErrorTrackerProvider;
};

/** The cars every brand of the deployment insures, for the sandbox vehicle lookup. */
function combinedCatalogue(brands: readonly Brand[]) {
  return {
    entries: brands.flatMap((brand) => brand.vehicleCatalogue.entries),
    registrations: brands.flatMap((brand) => brand.vehicleCatalogue.registrations),
  };
}

/** The providers chosen by configuration (vendor adapters when configured, sandboxes otherwise). */
export function createProviders(config: Config, brands: readonly Brand[]): Providers {
  return {
    vehicleLookup: createVehicleLookup({ catalogue: combinedCatalogue(brands) }),
    addressLookup: createAddressLookup(),
    identityVerification: createIdentityVerification(),
    cardPayments: createCardPayments(config.payments),
    directDebit: createDirectDebit(config.payments),
    mail: createMail(config.identity),
    storage: createStorage(config.storage),
    fnol: createFnol(),
    mid: createMid(),
    chat: createChat(),
    analytics: createAnalytics(config.analytics),
    errorTracker: createErrorTracker({ sentryDsn: config.sentryDsn }),
  };
}

/** Offline sandboxes for every capability: what tests use unless they pass their own. */
export function createSandboxProviders(brands: readonly Brand[]): Providers {
  return {
    vehicleLookup: createVehicleLookup({ catalogue: combinedCatalogue(brands) }),
    addressLookup: createAddressLookup(),
    identityVerification: createSandboxIdentityVerification(),
    cardPayments: createSandboxCardPayments(),
    directDebit: createSandboxDirectDebit(),
    mail: createSandboxMail(),
    storage: createSandboxStorage(),
    fnol: createSandboxFnol(),
    mid: createSandboxMid(),
    chat: createChat(),
    analytics: createNoAnalytics(),
    errorTracker: createNoErrorTracker(),
  };
}

import type { FieldError } from '@motor/contract';
import {
  addIsoDuration,
  describeVehicle,
  type DataEntry,
  INCLUDED_COVER_CODES,
  londonDateString,
  type DisclosureUpdate,
  type InsuredProfile,
  type OptionalCoverCode,
  type ProposalChange,
  type ProposalChangeType,
} from '@motor/domain';
import type { DisclosureTarget as BrandTarget } from '@motor/brand-kit';
import { brandOfScheme } from '../brand';
import {
  DEFAULT_FORM_FORMATS,
  formatRegistration,
  formatPickerDay,
  getDatePickerDays,
  getValueAtPath,
  isInputReadOnly,
  validateInputValue,
  type FormValues,
  type InputDefinition,
} from '@motor/forms';
import type {
  LookupVehicleSpecification,
  VehicleLookupProvider,
} from '../../providers/vehicle-lookup';
import { RETAILER_NOT_FOUND_MESSAGE } from '../lookup';
import { findAnswerSchema, VehicleInputSchema, type DisclosureTarget } from './answers';
import type { SchemeFacts } from './product';
import { CORE_ASSET_CODE, POLICYHOLDER_PROFILE_CODE, type ProposalDraft } from './types';

// One handler per change type. Each mutates the draft (a deep copy of the stored proposal) and
// reports what is wrong with the change as field errors; the service saves nothing unless every
// change of the request applied cleanly.

export type ChangeContext = {
  now: Date;
  facts: SchemeFacts;
  vehicleLookup: VehicleLookupProvider;
  /** The brand's retailer with a code, from the lookup table (one source: the database). */
  findRetailer: (code: string) => Promise<DataEntry | null>;
  /** 'changes.3': where the change sits in the request body, for field errors. */
  path: string;
  errors: FieldError[];
  /**
   * The answers as they will be once every change of the request applies (stored answers merged
   * with the request's updates), for cross-field rules that read another disclosure.
   */
  prospective: ProspectiveAnswers;
  /**
   * Who changes a bound policy (spec 3 §6), absent on a quote: an answer read-only for them there
   * (a customer: name, date of birth, NCD, the car; claims without action:mta-claims) is refused.
   */
  policyEditor?: { isAdmin: boolean; permissions: readonly string[] };
};

export const READ_ONLY_ON_POLICY_MESSAGE =
  "This can't be changed online. Please chat to us using Help and we'll change it for you.";

/** Disclosure answers by profileCode and assetCode, with a request's updates merged in. */
type ProspectiveAnswers = {
  profiles: Map<string, Record<string, unknown>>;
  assets: Map<string, Record<string, unknown>>;
};

type Handler<T extends ProposalChangeType> = (
  draft: ProposalDraft,
  change: Extract<ProposalChange, { changeType: T }>,
  context: ChangeContext,
) => Promise<void> | void;

function fail(context: ChangeContext, message: string, field = ''): void {
  context.errors.push({
    in: 'body',
    path: field ? `${context.path}.${field}` : context.path,
    message,
  });
}

/** Where an update points: the input name and the path inside its answer ([] = whole answer). */
function resolveUpdateLocation(update: DisclosureUpdate): { name: string; rest: string[] } {
  const attribute = update.attribute?.trim() ?? '';
  let location = update.path.trim();
  if (attribute && location.split('.').at(-1) !== attribute) {
    location = location ? `${location}.${attribute}` : attribute;
  }
  const segments = location.split('.').filter(Boolean);
  if (segments[0] === 'data') segments.shift();
  const [name = '', ...rest] = segments;
  return { name, rest };
}

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

function setAt(target: Record<string, unknown>, segments: string[], value: unknown): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return value;
  const base =
    typeof target === 'object' && target !== null && !Array.isArray(target) ? { ...target } : {};
  const child = base[head];
  const next = setAt(
    typeof child === 'object' && child !== null ? (child as Record<string, unknown>) : {},
    rest,
    value,
  );
  if (next === undefined || next === null) delete base[head];
  else base[head] = next;
  return base;
}

/**
 * The brand's inputs an update touches: the input of that name, or, for an object answer set
 * whole (drivingLicence), every input under it. Empty when the scheme does not ask it.
 */
function findBrandInputs(options: {
  schemeCode: string;
  target: BrandTarget;
  location: string;
}): InputDefinition[] {
  const { schemeCode, target, location } = options;
  const brand = brandOfScheme(schemeCode);
  const exact = brand.findDisclosureInput({ schemeCode, target, name: location });
  if (exact) return [exact];
  return brand
    .getDisclosureInputs({ schemeCode, target })
    .filter((input) => input.name.startsWith(`${location}.`));
}

async function applyUpdates(options: {
  answers: Record<string, unknown>;
  updates: readonly DisclosureUpdate[];
  target: DisclosureTarget;
  brandTarget: BrandTarget;
  context: ChangeContext;
  /** Which driver's and car's answers the cross-field rules read (default: policyholder, car). */
  relatedTo?: { profileCode?: string; assetCode?: string };
  /** A driver being added: nothing of theirs is stored yet, so nothing is read-only. */
  isNew?: boolean;
}): Promise<void> {
  const { answers, updates, target, brandTarget, context } = options;
  const brand = brandOfScheme(context.facts.schemeCode);
  const related = relatedAnswers(context.prospective, options.relatedTo);
  const base = { now: context.now, schemeCode: context.facts.schemeCode, related };
  const formContext = brand.createFormContext({ ...base, isPolicy: false });
  const editor = options.isNew ? undefined : context.policyEditor;
  const policyContext =
    editor &&
    brand.createFormContext({
      ...base,
      isPolicy: true,
      isAdmin: editor.isAdmin,
      permissions: [...editor.permissions],
    });
  for (const [index, update] of updates.entries()) {
    const field = `update.${index}`;
    const { name, rest } = resolveUpdateLocation(update);
    const location = [name, ...rest].join('.');
    const brandInputs =
      name && ![name, ...rest].some((segment) => FORBIDDEN_SEGMENTS.has(segment))
        ? findBrandInputs({ schemeCode: context.facts.schemeCode, target: brandTarget, location })
        : [];
    if (brandInputs.length === 0) {
      fail(context, `There is no question called '${location || update.path}' here`, field);
      continue;
    }
    if (
      policyContext &&
      brandInputs.some((input) =>
        isInputReadOnly({ input, values: answers as FormValues, context: policyContext }),
      )
    ) {
      fail(context, READ_ONLY_ON_POLICY_MESSAGE, field);
      continue;
    }
    const current = answers[name];
    const proposed =
      rest.length === 0
        ? update.value
        : setAt(
            typeof current === 'object' && current !== null
              ? (current as Record<string, unknown>)
              : {},
            rest,
            update.value,
          );
    if (proposed === null || proposed === undefined) {
      delete answers[name];
      continue;
    }
    // The brand's rules first (the same definitions validate in the browser), on the raw answer.
    const values = { ...answers, [name]: proposed };
    const message = brandInputs
      .map((input) =>
        validateInputValue({
          input,
          value: getValueAtPath(values, input.name),
          values,
          context: formContext,
        }),
      )
      .find((text) => text !== null);
    if (message) {
      fail(context, message, `${field}.value`);
      continue;
    }
    const checked = await checkServerAnswer({ target, name, value: proposed, lookups: context });
    if ('error' in checked) {
      const where = checked.error.path.map((segment) => `.${segment}`).join('');
      fail(context, checked.error.message, `${field}.value${where}`);
      continue;
    }
    answers[name] = checked.value;
  }
}

/** What only the server can check an answer against: the catalogue, the retailer table. */
export type AnswerLookups = Pick<ChangeContext, 'now' | 'vehicleLookup' | 'findRetailer'>;

/** An answer as it is stored, or why it cannot be (a message, where inside the answer). */
type CheckedAnswer = { value: unknown } | { error: { message: string; path: string[] } };

/**
 * The server's own checks of one answer, after the brand's rules (the form engine's, which the
 * browser runs too) have passed: its schema (what rating and underwriting can read), then the
 * car from the catalogue and the retailer from the table. Gives the value to store.
 */
export async function checkServerAnswer(options: {
  target: DisclosureTarget;
  name: string;
  value: unknown;
  lookups: AnswerLookups;
}): Promise<CheckedAnswer> {
  const { target, name, value, lookups } = options;
  const schema = findAnswerSchema(target, name);
  if (!schema) return { value };
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      error: {
        message: issue?.message ?? 'Check this answer',
        path: (issue?.path ?? []).map(String),
      },
    };
  }
  if (target === 'asset' && name === 'vehicle') {
    return resolveVehicle(parsed.data as VehicleInput, lookups);
  }
  if (target === 'quote' && name === 'retailer') {
    return resolveRetailer(parsed.data as string, lookups);
  }
  return { value: parsed.data };
}

type VehicleInput = ReturnType<typeof VehicleInputSchema.parse>;

/** A retailer answer is the table's entry (code and name), or an error when unknown. */
async function resolveRetailer(code: string, lookups: AnswerLookups): Promise<CheckedAnswer> {
  const retailer = await lookups.findRetailer(code);
  return retailer
    ? { value: retailer }
    : { error: { message: RETAILER_NOT_FOUND_MESSAGE, path: [] } };
}

/**
 * The car is always the catalogue's: a client names it by registration (regLookup) or by
 * vehicleCode (the year/make/model selector), and the specification (insurance group, value,
 * steering) comes from the lookup, never from the client. A registration typed for a car chosen
 * by make and model is looked up too (issue 31 item 1, decision 034): the plate's car replaces the
 * declared one, with a notice the car page shows; a plate the lookup does not know keeps the
 * declared car marked `registrationUnknown`, which underwriting refers.
 */
async function resolveVehicle(input: VehicleInput, lookups: AnswerLookups): Promise<CheckedAnswer> {
  const lookup = lookups.vehicleLookup;
  const typedVrn = input.vrn ? input.vrn.toUpperCase() : null;
  const byRegistration = input.regLookup !== false && typedVrn !== null;
  const vehicleCode = input.specification?.vehicleCode;
  const registered = typedVrn ? await lookup.findVehicleByRegistration(typedVrn) : null;
  if (byRegistration) {
    if (!registered) {
      return {
        error: { message: 'We could not find a vehicle with that registration.', path: [] },
      };
    }
    return asRegistered(registered);
  }
  const declared = vehicleCode ? await lookup.findSpecification(vehicleCode) : null;
  if (!declared) return { error: { message: 'We could not find that vehicle.', path: [] } };
  if (registered) {
    if (registered.vehicleCode === declared.vehicleCode) return asRegistered(registered);
    const year = readChosenYear(input.specification?.year);
    return asRegistered(registered, describeReplacement({ registered, declared, year }));
  }
  // Chosen by year, make and model: the year is the customer's (a catalogue entry spans many),
  // and must be one the model was made in (issue 13 item 8: it was dropped, so no price).
  const year = readChosenYear(input.specification?.year);
  const firstYear = declared.rangeStartYear ?? 0;
  const lastYear = declared.rangeEndYear ?? Number(londonDateString(lookups.now).slice(0, 4));
  const yearPath = ['specification', 'year'];
  if (year === null) {
    return { error: { message: 'Choose the year your car was made', path: yearPath } };
  }
  if (year < firstYear || year > lastYear) {
    const message = `That car was made from ${firstYear} to ${lastYear}: check the year`;
    return { error: { message, path: yearPath } };
  }
  const specification = { ...declared, year, vrn: typedVrn };
  if (!typedVrn) return { value: { vrn: null, regLookup: false, specification } };
  return { value: { vrn: typedVrn, regLookup: false, registrationUnknown: true, specification } };
}

/** The answer for the car the lookup knows by its registration, with a notice when it replaced one. */
function asRegistered(registered: LookupVehicleSpecification, notice?: string): CheckedAnswer {
  const { vrn } = registered;
  const value = { vrn, regLookup: true, specification: { ...registered, vrn } };
  return { value: notice ? { ...value, lookupNotice: notice } : value };
}

/** What the car page tells a customer whose registration belongs to another car than chosen. */
function describeReplacement(options: {
  registered: LookupVehicleSpecification;
  declared: LookupVehicleSpecification;
  year: number | null;
}): string {
  const { registered, declared, year } = options;
  const name = (car: LookupVehicleSpecification, carYear?: number | null) =>
    [carYear, describeVehicle(car)].filter(Boolean).join(' ');
  const plate = formatRegistration(registered.vrn ?? '', DEFAULT_FORM_FORMATS.vehicleRegistration);
  return (
    `${plate} is a ${name(registered, registered.year)}, not the ${name(declared, year)} ` +
    'you chose: we have changed your car to it and priced your quote again. If that is not ' +
    'your car, check the registration.'
  );
}

function readChosenYear(value: unknown): number | null {
  const year = typeof value === 'string' ? Number(value) : value;
  return typeof year === 'number' && Number.isInteger(year) ? year : null;
}

/** `context.related` for the form engine: the driver's and the car's prospective answers. */
function relatedAnswers(
  prospective: ProspectiveAnswers,
  relatedTo: { profileCode?: string; assetCode?: string } = {},
): FormValues {
  const profileCode = relatedTo.profileCode ?? POLICYHOLDER_PROFILE_CODE;
  const assetCode = relatedTo.assetCode ?? CORE_ASSET_CODE;
  return {
    profile: (prospective.profiles.get(profileCode) ?? {}) as FormValues,
    asset: (prospective.assets.get(assetCode) ?? {}) as FormValues,
  };
}

/** Merges updates into answers as given (no validation), for the prospective answers. */
function mergeUpdates(
  answers: Record<string, unknown>,
  updates: readonly DisclosureUpdate[],
): Record<string, unknown> {
  const merged = { ...answers };
  for (const update of updates) {
    const { name, rest } = resolveUpdateLocation(update);
    if (!name || [name, ...rest].some((segment) => FORBIDDEN_SEGMENTS.has(segment))) continue;
    const value = setAt(merged, [name, ...rest], update.value) as Record<string, unknown>;
    if (name in value) merged[name] = value[name];
    else delete merged[name];
  }
  return merged;
}

/** Every driver's and car's answers once all the changes apply (the last update wins). */
function prospectiveAnswers(
  draft: ProposalDraft,
  changes: readonly ProposalChange[],
): ProspectiveAnswers {
  const profiles = new Map(
    draft.data.insuredProfiles.map((profile) => [profile.profileCode, { ...profile.data }]),
  );
  const assets = new Map(draft.data.insuredAssets.map((asset) => [asset.assetCode, asset.data]));
  for (const change of changes) {
    switch (change.changeType) {
      case 'PROFILE_DISCLOSURE_CHANGE':
      case 'ADDITIONAL_PROFILE_DISCLOSURE_CHANGE':
      case 'ADDITIONAL_PROFILE_CREATE_CHANGE':
        profiles.set(
          change.profileCode,
          mergeUpdates(profiles.get(change.profileCode) ?? {}, change.update ?? []),
        );
        break;
      case 'ASSET_DISCLOSURE_CHANGE':
        assets.set(
          change.assetCode,
          mergeUpdates(assets.get(change.assetCode) ?? {}, change.update),
        );
        break;
      default:
        break;
    }
  }
  return { profiles, assets };
}

function findProfile(draft: ProposalDraft, profileCode: string): InsuredProfile | undefined {
  return draft.data.insuredProfiles.find((profile) => profile.profileCode === profileCode);
}

function countAdditional(draft: ProposalDraft): number {
  return draft.data.insuredProfiles.filter((profile) => !profile.policyholder).length;
}

function addProfile(draft: ProposalDraft, profileCode: string, context: ChangeContext): boolean {
  if (findProfile(draft, profileCode)) {
    fail(context, `There is already a driver ${profileCode}`, 'profileCode');
    return false;
  }
  if (countAdditional(draft) >= context.facts.maxAdditionalProfiles) {
    fail(
      context,
      `You can add at most ${context.facts.maxAdditionalProfiles} additional drivers`,
      'profileCode',
    );
    return false;
  }
  draft.data.insuredProfiles.push({ profileCode, policyholder: false, data: {} });
  return true;
}

function setOptionalCover(
  draft: ProposalDraft,
  coverCode: string,
  selected: boolean,
  context: ChangeContext,
): void {
  const optional: readonly string[] = context.facts.optionalCovers;
  if (!optional.includes(coverCode)) {
    fail(context, `${coverCode} is not an optional cover of this product`, 'coverCode');
    return;
  }
  draft.data.choices.requestedOptionalCovers[coverCode as OptionalCoverCode] = selected;
}

function changeCover(
  draft: ProposalDraft,
  change: { coverCode: string; assetCode: string },
  selected: boolean,
  context: ChangeContext,
): void {
  if (!draft.data.insuredAssets.some((asset) => asset.assetCode === change.assetCode)) {
    fail(context, `There is no insured asset ${change.assetCode}`, 'assetCode');
    return;
  }
  const included: readonly string[] = context.facts.includedCovers;
  if (included.includes(change.coverCode)) {
    if (!selected)
      fail(context, `${change.coverCode} is included and cannot be removed`, 'coverCode');
    return;
  }
  if ((INCLUDED_COVER_CODES as readonly string[]).includes(change.coverCode)) {
    fail(context, `${change.coverCode} is not offered by this product`, 'coverCode');
    return;
  }
  setOptionalCover(draft, change.coverCode, selected, context);
}

/** A driver's answers updated: the brand's rules for the policyholder or for an additional driver. */
function applyProfileUpdates(
  profile: { profileCode: string; policyholder: boolean; data: Record<string, unknown> },
  updates: readonly DisclosureUpdate[],
  context: ChangeContext,
  options: { isNew?: boolean } = {},
): Promise<void> {
  return applyUpdates({
    answers: profile.data,
    updates,
    target: 'profile',
    brandTarget: profile.policyholder ? 'profile' : 'additionalProfile',
    context,
    relatedTo: { profileCode: profile.profileCode },
    ...options,
  });
}

const HANDLERS: { [T in ProposalChangeType]: Handler<T> } = {
  QUOTE_DISCLOSURE_CHANGE: (draft, change, context) =>
    applyUpdates({
      answers: draft.data.quoteData,
      updates: change.update,
      target: 'quote',
      brandTarget: 'quote',
      context,
    }),

  ASSET_DISCLOSURE_CHANGE: async (draft, change, context) => {
    const asset = draft.data.insuredAssets.find((item) => item.assetCode === change.assetCode);
    if (!asset) return fail(context, `There is no insured asset ${change.assetCode}`, 'assetCode');
    await applyUpdates({
      answers: asset.data,
      updates: change.update,
      target: 'asset',
      brandTarget: 'asset',
      context,
      relatedTo: { assetCode: change.assetCode },
    });
  },

  PROFILE_DISCLOSURE_CHANGE: async (draft, change, context) => {
    const profile = findProfile(draft, change.profileCode);
    if (!profile) return fail(context, `There is no driver ${change.profileCode}`, 'profileCode');
    await applyProfileUpdates(profile, change.update, context);
  },

  ADDITIONAL_PROFILE_DISCLOSURE_CHANGE: async (draft, change, context) => {
    const profile = findProfile(draft, change.profileCode);
    if (!profile || profile.policyholder) {
      return fail(context, `There is no additional driver ${change.profileCode}`, 'profileCode');
    }
    await applyProfileUpdates(profile, change.update, context);
  },

  ADD_PROFILE: (draft, change, context) => {
    addProfile(draft, change.profileCode, context);
  },

  ADDITIONAL_PROFILE_CREATE_CHANGE: async (draft, change, context) => {
    if (!addProfile(draft, change.profileCode, context)) return;
    const profile = findProfile(draft, change.profileCode)!;
    if (change.update?.length) {
      await applyProfileUpdates(profile, change.update, context, { isNew: true });
    }
  },

  REMOVE_PROFILE: (draft, change, context) => {
    const profile = findProfile(draft, change.profileCode);
    if (!profile) return fail(context, `There is no driver ${change.profileCode}`, 'profileCode');
    if (profile.policyholder) {
      return fail(context, 'The policyholder cannot be removed', 'profileCode');
    }
    draft.data.insuredProfiles = draft.data.insuredProfiles.filter((item) => item !== profile);
  },

  ADD_COVER: (draft, change, context) => changeCover(draft, change, true, context),
  REMOVE_COVER: (draft, change, context) => changeCover(draft, change, false, context),

  REQUEST_COVER_OPTION: (draft, change, context) =>
    setOptionalCover(draft, change.coverCode, change.selected, context),

  SELECT_VOLUNTARY_EXCESS: (draft, change, context) => {
    if (!context.facts.voluntaryExcessOptions.includes(change.excess)) {
      const options = context.facts.voluntaryExcessOptions.map((pence) => pence / 100).join(', ');
      return fail(context, `Choose a voluntary excess of £${options}`, 'excess');
    }
    draft.data.choices.voluntaryExcess = change.excess;
  },

  SELECT_PAYMENT_SCHEDULE: (draft, change, context) => {
    if (!context.facts.paymentScheduleTypes.includes(change.paymentScheduleType)) {
      return fail(
        context,
        `This product is not paid by ${change.paymentScheduleType}`,
        'paymentScheduleType',
      );
    }
    draft.data.choices.paymentScheduleType = change.paymentScheduleType;
  },

  START_DATE_CHANGE: (draft, change, context) => {
    const startAt = new Date(change.startDate);
    const today = londonDateString(context.now);
    const day = londonDateString(startAt);
    const brand = brandOfScheme(context.facts.schemeCode);
    const input = brand.findDisclosureInput({
      schemeCode: context.facts.schemeCode,
      target: 'startDate',
      name: 'startDate',
    });
    // The days the start date's picker offers (spec 1 §9: 30 from today plus daysInFuture), the
    // same list the page shows: no day the customer could not choose.
    const offered = getDatePickerDays(today, input?.meta.daysInFuture ?? 0);
    if (day < today) return fail(context, 'The start date cannot be in the past', 'startDate');
    const [first, last] = [offered[0]!, offered.at(-1)!];
    if (day < first) {
      return fail(context, `Choose a start date from ${formatPickerDay(first)}`, 'startDate');
    }
    if (day > last) {
      return fail(
        context,
        `The start date can be no later than ${formatPickerDay(last)}`,
        'startDate',
      );
    }
    // The brand's cross-field rule: cover cannot start before the car's usage start month.
    const message = input
      ? validateInputValue({
          input,
          value: day,
          values: { startDate: day },
          context: brand.createFormContext({
            now: context.now,
            schemeCode: context.facts.schemeCode,
            isPolicy: false,
            related: relatedAnswers(context.prospective),
          }),
        })
      : null;
    if (message) return fail(context, message, 'startDate');
    // A start earlier today means "now": cover cannot start in the past.
    draft.startAt = startAt < context.now ? new Date(context.now) : startAt;
    draft.endAt = addIsoDuration(draft.startAt, draft.policyTerm);
  },
};

/** Applies every change to the draft, in order; returns the field errors (empty = all applied). */
export async function applyChanges(options: {
  draft: ProposalDraft;
  changes: readonly ProposalChange[];
  context: Omit<ChangeContext, 'path' | 'errors' | 'prospective'>;
}): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const prospective = prospectiveAnswers(options.draft, options.changes);
  for (const [index, change] of options.changes.entries()) {
    const handler = HANDLERS[change.changeType] as Handler<typeof change.changeType>;
    await handler(options.draft, change as never, {
      ...options.context,
      path: `changes.${index}`,
      errors,
      prospective,
    });
  }
  return errors;
}

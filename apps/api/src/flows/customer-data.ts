import { inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { findUserById, type User } from '../modules/identity';
import { listAllPoliciesOfOwner, type PolicyRow } from '../modules/policy';
import {
  findPolicyholderEmail,
  listAllProposalsOfOwner,
  type ProposalRow,
} from '../modules/proposal';

// What the export and the erasure of a customer (issue 21 item 14, decision 018) both need:
// the records that are theirs and the addresses and numbers that name them.

/** What replaces a personal value when a customer is erased. */
export const ERASED = 'erased';

/**
 * Keys whose values are personal data wherever they appear in stored answers and quotes (the
 * disclosure's profiles, the rating inputs, the policy versions). The car's registration stays:
 * it identifies the insured vehicle, which the insurer must keep with the contract.
 */
const PERSONAL_KEYS: ReadonlySet<string> = new Set([
  'firstName',
  'lastName',
  'middleName',
  'fullName',
  'dateOfBirth',
  'email',
  'emailAddress',
  'phone',
  'phoneNumber',
  'mobileNumber',
  'telephone',
  'address',
  'postalCode',
  'postcode',
  'line1',
  'line2',
  'line3',
  'accountHolderName',
  'holderName',
]);

function eraseAll(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map(eraseAll);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, eraseAll(item)]));
  }
  return typeof value === 'boolean' ? value : ERASED;
}

/**
 * The same JSON with every personal value replaced by ERASED (an address object keeps its keys,
 * each value erased), so stored answers keep their shape for the code that reads them.
 */
export function anonymiseJson<T>(value: T): T {
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(walk);
    if (item === null || typeof item !== 'object') return item;
    return Object.fromEntries(
      Object.entries(item).map(([key, child]) => [
        key,
        PERSONAL_KEYS.has(key) && child !== null && child !== '' ? eraseAll(child) : walk(child),
      ]),
    );
  };
  return walk(value) as T;
}

/** Every string under a personal key that looks like an e-mail address or a phone number. */
function collectContacts(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectContacts(item, into);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (typeof child === 'string' && child !== ERASED && PERSONAL_KEYS.has(key)) {
      const trimmed = child.trim();
      if (trimmed.includes('@')) into.add(trimmed.toLowerCase());
      else if (/^\+?[\d ]{10,15}$/.test(trimmed)) into.add(trimmed.replaceAll(' ', ''));
    } else {
      collectContacts(child, into);
    }
  }
}

type CustomerRecords = {
  user: User | null;
  proposals: ProposalRow[];
  policies: PolicyRow[];
  /** E-mail addresses and phone numbers of the account and of its quotes' answers. */
  contacts: string[];
};

/** The customer's row, proposals (including deleted ones), policies and contact details. */
export async function loadCustomerRecords(db: Db, userId: string): Promise<CustomerRecords> {
  const user = await findUserById(db, userId);
  const proposalRows = await listAllProposalsOfOwner(db, userId);
  const policyRows = await listAllPoliciesOfOwner(db, userId);
  const contacts = new Set<string>();
  if (user?.email) contacts.add(user.email.toLowerCase());
  if (user?.phone) contacts.add(user.phone);
  for (const row of proposalRows) {
    const email = findPolicyholderEmail(row.data);
    if (email && email !== ERASED) contacts.add(email.toLowerCase());
    collectContacts(row.data, contacts);
  }
  return {
    user: user ?? null,
    proposals: proposalRows,
    policies: policyRows,
    contacts: [...contacts],
  };
}

/** `column in (values)`, or a condition that is never true for no values. */
export function inListOrNone(
  column: Parameters<typeof inArray>[0],
  values: string[],
): SQL | undefined {
  return values.length > 0 ? inArray(column, values) : undefined;
}

/** `a or b`, ignoring the undefined ones; undefined when none is left. */
export function anyOf(...conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? or(...present) : undefined;
}

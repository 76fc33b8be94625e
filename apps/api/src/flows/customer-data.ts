import type { Db } from '../db/client';
import { findUserById, type User } from '../modules/identity';
import { listAllPoliciesOfOwner, type PolicyRow } from '../modules/policy';
import {
  findPolicyholderEmail,
  listAllProposalsOfOwner,
  type ProposalRow,
} from '../modules/proposal';
import { ERASED, PERSONAL_KEYS } from '../personal-data';

// What the export and the erasure of a customer (issue 21 item 14, decision 018) both need:
// the records that are theirs and the addresses and numbers that name them.

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
  proposalCodes: string[];
  policyIds: string[];
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
    proposalCodes: proposalRows.map((row) => row.proposalCode),
    policyIds: policyRows.map((row) => row.policyId),
    contacts: [...contacts],
  };
}

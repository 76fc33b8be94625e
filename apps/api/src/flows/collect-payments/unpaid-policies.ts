import type { PolicyStatus } from '@motor/domain';
import type { Db } from '../../db/client';
import { listPolicyAccountsWithoutPayment } from '../../modules/billing';
import { listJobKeysEnqueuedBy } from '../../modules/jobs';
import {
  listProposalsWithCollections,
  listProposalsWithOverdueFirstCollection,
} from '../../modules/payment';
import { listPolicyStates, markPoliciesNtu } from '../../modules/policy';

// Which policies were not taken up (issue 30 item 3), asked of the modules that own each part
// (decision 050): payment the first collections, billing the accounts and their payments, jobs
// the first-collection job, policy the status; policy moves them (markPoliciesNtu).

/** Candidates read at once. */
const PAGE = 500;

type Due = { policyId: string; status: PolicyStatus };
const isOpen = (status: PolicyStatus) => status === 'PENDING' || status === 'ACTIVE';

/**
 * Not taken up: a PENDING or ACTIVE policy whose first payment never settled. Collections are
 * kept per proposal (payment module, `collections.proposal_code`), so a policy's are those of the
 * proposal it was bound from. It is NTU when none of them settled (a card payment at checkout
 * settles before bind, so card-paid policies never qualify), at least one Direct Debit collection
 * was asked for, and none is still within its time: each one FAILED, or unsettled for longer
 * than `afterDays` (a retry still in time holds the policy). A Direct Debit bind whose first
 * collection was asked for (`firstCollectionKeyPattern`: its queued job, keyed by the account) but
 * never made (the provider down or refusing for the whole window, the mandate gone) is NTU too
 * once `afterDays` have passed since it was asked for, unless the account was paid another way
 * (the customer paid the balance by card). A policy with no first collection asked for (nothing
 * was due at bind) is left alone: nothing says its payment failed.
 */
export async function markUnpaidPoliciesNtu(
  db: Db,
  options: {
    now: Date;
    afterDays: number;
    /** What else not taking the policy up does, in the same transaction as the move. */
    onNotTakenUp?: (tx: Db, policyId: string) => Promise<void>;
    /**
     * The key of an account's first-collection job with `%` for the account id (the collect
     * flow's firstCollectionKey): a bind that asked for one; without it such binds are not picked.
     */
    firstCollectionKeyPattern?: string;
  },
): Promise<number> {
  const { now, afterDays, onNotTakenUp, firstCollectionKeyPattern } = options;
  const overdueBefore = new Date(now.getTime() - afterDays * 24 * 60 * 60_000);
  const move = (due: Due[]) => markPoliciesNtu(db, { due, now, onNotTakenUp });
  let moved = 0;
  let afterProposalCode: string | null = null;
  for (;;) {
    const codes = await listProposalsWithOverdueFirstCollection(db, {
      overdueBefore,
      afterProposalCode,
      limit: PAGE,
    });
    const states = await listPolicyStates(db, { proposalCodes: codes });
    moved += await move(states.filter((policy) => isOpen(policy.status)));
    if (codes.length < PAGE) break;
    afterProposalCode = codes[codes.length - 1]!;
  }
  if (firstCollectionKeyPattern) {
    moved += await markNeverCollected(db, {
      overdueBefore,
      keyPattern: firstCollectionKeyPattern,
      move,
    });
  }
  return moved;
}

/**
 * PENDING or ACTIVE policies whose first Direct Debit was asked for (the job keyed
 * `keyPattern` with the account's id) on or before `overdueBefore` and never made: no collection
 * of the policy's proposal, and no payment on its account that did not fail.
 */
async function markNeverCollected(
  db: Db,
  options: { overdueBefore: Date; keyPattern: string; move: (due: Due[]) => Promise<number> },
): Promise<number> {
  const { overdueBefore, keyPattern, move } = options;
  const [before, after] = keyPattern.split('%');
  const keyOf = (accountId: string) => `${before ?? ''}${accountId}${after ?? ''}`;
  let moved = 0;
  let afterAccountId: string | null = null;
  for (;;) {
    const accounts = await listPolicyAccountsWithoutPayment(db, {
      counting: 'NOT_FAILED',
      afterAccountId,
      limit: PAGE,
    });
    const asked = await listJobKeysEnqueuedBy(
      db,
      accounts.map((account) => keyOf(account.accountId)),
      overdueBefore,
    );
    const open = (
      await listPolicyStates(db, {
        policyIds: accounts
          .filter((account) => asked.has(keyOf(account.accountId)))
          .map((account) => account.policyId),
      })
    ).filter((policy) => isOpen(policy.status));
    const collected = await listProposalsWithCollections(
      db,
      open.map((policy) => policy.proposalCode),
    );
    moved += await move(open.filter((policy) => !collected.has(policy.proposalCode)));
    if (accounts.length < PAGE) return moved;
    afterAccountId = accounts[accounts.length - 1]!.accountId;
  }
}

// The details tab's "Change" links: which parts of the policy a change can start from and where
// each goes. The changes feature works the addresses out; the details tab shows them.

export type PolicyEditTarget = 'car' | 'drivers' | 'excess' | 'addOns' | 'startDate' | 'policy';

/** Where each edit link goes; a part left out has no link (cannot be changed here). */
export type PolicyEditLinks = Partial<Record<PolicyEditTarget, string>>;

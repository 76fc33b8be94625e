// Typed builders for every route of spec 1 §2; components never hand-write these strings.

const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  home: () => '/',
  /** What analytics records and the visitor's choice, changeable at any time. */
  cookieSettings: () => '/cookie-settings',
  product: (productUrlName: string) => `/${segment(productUrlName)}`,
  proposal: (productUrlName: string, proposalCode: string) =>
    `/${segment(productUrlName)}/proposal/${segment(proposalCode)}`,
  /** "Check your quote": the agreements checkout needs (spec 2 §2). */
  proposalSummary: (productUrlName: string, proposalCode: string) =>
    `/${segment(productUrlName)}/proposal/${segment(proposalCode)}/summary`,
  /** The Driveaway-to-Flex upgrade offer of a quote (spec 2 §2 QUOTE sub-route upgrade). */
  proposalUpgrade: (productUrlName: string, proposalCode: string) =>
    `/${segment(productUrlName)}/proposal/${segment(proposalCode)}/upgrade`,
  renewal: (productUrlName: string, proposalCode: string) =>
    `/${segment(productUrlName)}/renewal/${segment(proposalCode)}`,
  policy: (productUrlName: string, policyId: string) =>
    `/${segment(productUrlName)}/policy/${segment(policyId)}`,
  retrieve: () => '/retrieve',
  callback: () => '/callback',
  signIn: (returnTo?: string) =>
    returnTo ? `/sign-in?returnTo=${encodeURIComponent(returnTo)}` : '/sign-in',
  account: () => '/account',
  accountSetting: (name: string) => `/account/${segment(name)}`,
  /** The staff console (issue 18): customer search; a staff member's landing page. */
  admin: () => '/admin',
  adminCustomer: (userId: string) => `/admin/customers/${segment(userId)}`,
  adminAudit: () => '/admin/audit',
  /** The staff chat inbox (issue 18; access:chat). */
  adminChat: () => '/admin/chat',
  /** The job runner's runs, failures and retries (issue 17). */
  adminJobs: () => '/admin/jobs',
  /** Refunds the refund run could not send, for staff to settle (issue 30 item 4). */
  adminRefunds: () => '/admin/refunds',
  /** The server's clock, moved forward outside production (issue 30; action:move-clock). */
  adminClock: () => '/admin/clock',
  /** The independent auditor's open findings (issue 30 item 9). */
  adminReconciliation: () => '/admin/reconciliation',
  adminFinance: () => '/admin/finance',
  adminErrors: () => '/admin/errors',
  adminInsights: () => '/admin/insights',
  /** Policies not taken up, newest first (issue 30 item 3; access:impersonate). */
  adminNotTakenUp: () => '/admin/not-taken-up',
  /** Policies late for the Motor Insurance Database (issue 35 item 1; access:operations). */
  adminMid: () => '/admin/mid',
  /** Reinstate a customer's cancelled policy (issue 35 item 3; action:reinstate). */
  adminReinstate: (userId: string, policyId: string) =>
    `/admin/customers/${segment(userId)}/policies/${segment(policyId)}/reinstate`,
  /** Act for a customer by their user id (spec 1 §6; also from ?impersonate=). */
  adminImpersonate: () => '/admin/impersonate',
} as const;

/**
 * Where sign-in goes on to: staff who signed in from home land on the console (home is a
 * customer's page, and they act for nobody yet); everyone else where they were going.
 */
export function landingAfterSignIn(returnTo: string, isStaff: boolean): string {
  return isStaff && returnTo === paths.home() ? paths.admin() : returnTo;
}

function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/**
 * A returnTo value that is safe to navigate to: a same-origin path, never a full URL or a
 * protocol-relative one (no open redirect). Anything else becomes home.
 */
export function safeReturnTo(value: string | null | undefined): string {
  // Our own paths only: no other origin (//host, /\\host) and no control characters or
  // backslashes a browser might read as a different address (issue 21 item 8).
  if (
    !value ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    [...value].some((character) => character === '\\' || isControlCharacter(character))
  ) {
    return paths.home();
  }
  return value;
}

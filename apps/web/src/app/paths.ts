// Typed builders for every route of spec 1 §2; components never hand-write these strings.

const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  home: () => '/',
  product: (productUrlName: string) => `/${segment(productUrlName)}`,
  proposal: (productUrlName: string, proposalCode: string) =>
    `/${segment(productUrlName)}/proposal/${segment(proposalCode)}`,
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
} as const;

/**
 * A returnTo value that is safe to navigate to: a same-origin path, never a full URL or a
 * protocol-relative one (no open redirect). Anything else becomes home.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return paths.home();
  }
  return value;
}

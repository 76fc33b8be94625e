/**
 * A customer e-mail's body: the policyholder greeted by name ("customer" when we hold none), a
 * blank line, then `lines`, one a line. Every e-mail about a policy opens so.
 */
export function emailBody(holderName: string, lines: readonly string[]): string {
  return [`Dear ${holderName || 'customer'},`, '', ...lines].join('\n');
}

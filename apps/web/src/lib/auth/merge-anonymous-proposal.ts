// A quote started anonymously belongs to the anonymous session's user; once the visitor signs in
// (account set-up asks them to), POST /api/proposals/merge moves it to their account so the page
// they return to can load it.

const PROPOSAL_PATH = /^\/[^/?#]+\/proposal\/([^/?#]+)/;

/** The proposal code of a path like /flex/proposal/{code}/account-setup, or null. */
export function findProposalCodeInPath(path: string): string | null {
  const match = PROPOSAL_PATH.exec(path);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * Moves the proposal named by returnTo from the anonymous session to the signed-in user. Never
 * throws: without a merge the proposal simply stays where it was (its page then goes home).
 */
export async function mergeAnonymousProposal(options: {
  returnTo: string;
  accessToken: string | null;
  anonymousToken: string | null;
  fetch?: typeof fetch;
  baseUrl?: string;
}): Promise<boolean> {
  const proposalCode = findProposalCodeInPath(options.returnTo);
  if (!proposalCode || !options.accessToken || !options.anonymousToken) return false;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  try {
    const response = await doFetch(`${options.baseUrl ?? '/api'}/proposals/merge`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${options.accessToken}`,
      },
      body: JSON.stringify({ proposalCode, sourceAccessToken: options.anonymousToken }),
      // Finished by the browser even if the page goes elsewhere meanwhile (a redirect, a
      // sign-out on a 401): the quote must not be left with the anonymous session.
      keepalive: true,
    });
    return response.ok;
  } catch {
    return false;
  }
}

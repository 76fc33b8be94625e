// Saved quotes made over the API, as the quote journey leaves them, for journeys that start
// from one (retrieve, home).

export const RETRIEVE_DATE_OF_BIRTH = '1985-06-15';
export const RETRIEVE_POSTCODE = 'SW1A 2AA';

type Created = { proposalCode: string; externalReference: string; accessToken: string };

async function call<T>(baseUrl: string, path: string, init: RequestInit & { token?: string }) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const update = (answers: Record<string, unknown>) =>
  Object.entries(answers).map(([name, value]) => ({
    path: `data.${name}`,
    attribute: name,
    value,
  }));

/**
 * An anonymous visitor's flex proposal whose policyholder has the retrieve date of birth and
 * postcode (status INSUFFICIENT_ACCURACY: the rest of the disclosure is still to come).
 */
export async function createSavedQuote(baseUrl: string): Promise<Created> {
  const { accessToken } = await call<{ accessToken: string }>(baseUrl, '/session', {
    method: 'POST',
    body: '{}',
  });
  const proposal = await call<{ proposalCode: string; externalReference: string }>(
    baseUrl,
    '/proposals',
    {
      method: 'POST',
      token: accessToken,
      body: JSON.stringify({ schemeCode: 'bmw-flex', brand: 'bmw' }),
    },
  );
  await call(baseUrl, `/proposals/${proposal.proposalCode}`, {
    method: 'PATCH',
    token: accessToken,
    body: JSON.stringify({
      applyRating: true,
      changes: [
        { changeType: 'QUOTE_DISCLOSURE_CHANGE', update: update({ eligibilityConfirmed: true }) },
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'ph',
          update: update({
            firstName: 'Jane',
            lastName: 'Smith',
            dateOfBirth: RETRIEVE_DATE_OF_BIRTH,
            address: {
              line1: '10 Downing Street',
              city: 'London',
              postalCode: RETRIEVE_POSTCODE,
              countryIso3: 'GBR',
            },
          }),
        },
      ],
    }),
  });
  return { ...proposal, accessToken };
}

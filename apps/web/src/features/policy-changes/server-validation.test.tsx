import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PolicyResponse } from '@motor/contract';
import { signedInAuthState } from '../../test/api-stubs';
import { buildPolicy } from '../../test/policy-fixture';
import { renderApp } from '../../test/render-app';
import { setErrorReporter } from '../../lib/error-reporting';
import { postsTo, stubChangesApi } from './test-kit';

// A section form asks the server to validate it before the change is priced (spec 3 §5 "Dynamic
// forms": "Sections can call a server validation by profile name; on failure the first known
// error shows in a modal with header and message, otherwise it is logged"; §7 validateForm).

const ROOT = '/flex/policy/pol_1';
const SECTION = `${ROOT}/management/section/policyholder`;

/** The flex policy with a policyholder who has answered every "About you" question. */
function buildAnsweredPolicy(): PolicyResponse {
  const base = buildPolicy();
  const quote = base.currentPolicyVersion.quote;
  const [policyholder, ...others] = quote.insuredProfiles;
  const data = {
    ...policyholder!.data,
    address: { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA' },
    homeOwnership: 'Own',
    maritalStatus: 'Married',
    employmentStatus: 'RE',
    bankrupt: false,
    unsatisfiedCCJs: false,
    unspentCriminalConvictions: false,
    previouslyRefusedInsurance: false,
    drivingLicence: { licenceType: 'UKFull', validFrom: '2004-07-01', convictions: [] },
    vehicleClaimsHistory: [],
    useOfOtherCar: 'NoAccessToOtherCars',
    dvlaUnawareOfMedicalCondition: false,
    advisedByDoctorNotToDrive: false,
    bannedOrDisqualified: false,
    phoneNumber: '+447700900123',
    marketingPreferences: { email: false, phone: false, sms: false },
  };
  const version = {
    ...base.currentPolicyVersion,
    quote: { ...quote, insuredProfiles: [{ ...policyholder!, data }, ...others] },
  };
  return { ...base, currentPolicyVersion: version, policyVersions: [version] };
}

async function changeEmail(address: string) {
  await screen.findByRole('heading', { level: 1, name: 'About you' });
  const field = screen.getByLabelText('E-mail address');
  await userEvent.clear(field);
  await userEvent.type(field, address);
  await userEvent.click(screen.getByRole('button', { name: 'Get my new price' }));
  return field;
}

describe('server validation of a change section', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('validates the section by profile first, then prices the change', async () => {
    const policy = buildAnsweredPolicy();
    const calls = stubChangesApi({
      policy,
      answers: {
        'POST /form/validation/profile': { status: 200, body: { success: true, errors: [] } },
      },
    });
    const { router } = renderApp(SECTION, { authState: signedInAuthState });
    await changeEmail('jane@example.org');
    await waitFor(() => expect(router.state.location.pathname).toBe(`${SECTION}/adjustment/adj_1`));
    const [validation] = postsTo(calls, '/form/validation/profile');
    const answers = policy.currentPolicyVersion.quote.insuredProfiles[0]!.data;
    expect(validation?.body).toEqual({
      schemeCode: 'bmw-flex',
      data: { ...answers, email: 'jane@example.org' },
      related: {
        profile: { ...answers, email: 'jane@example.org' },
        asset: policy.currentPolicyVersion.quote.insuredAssets[0]!.data,
      },
      isPolicy: true,
    });
    const paths = calls.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(paths).toEqual(['/form/validation/profile', '/policyAdjustments']);
    expect(postsTo(calls, '/policyAdjustments')[0]?.body).toEqual({
      policyId: 'pol_1',
      adjustmentType: 'MTA',
      changes: [
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'ph',
          update: [{ path: 'email', value: 'jane@example.org' }],
        },
      ],
    });
  });

  it('shows the server errors under their questions and the first in a modal, and prices nothing', async () => {
    const reports: unknown[] = [];
    setErrorReporter((_error, context) => reports.push(context));
    const calls = stubChangesApi({
      policy: buildAnsweredPolicy(),
      answers: {
        'POST /form/validation/profile': {
          status: 200,
          body: {
            success: false,
            errors: [
              { path: 'email', message: 'Enter a valid e-mail address' },
              { path: 'drivingLicence.convictions.0.date', message: 'Enter a real date' },
              { path: 'nickname', message: 'There is no such question' },
            ],
          },
        },
      },
    });
    renderApp(SECTION, { authState: signedInAuthState });
    const field = await changeEmail('jane@example.org');

    const dialog = await screen.findByRole('dialog', { name: 'Please check your answers' });
    expect(
      within(dialog).getByText('E-mail address: Enter a valid e-mail address'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /close/i }));

    // Linked to the field like the form's own errors; a loop row's error to its loop.
    expect(field).toHaveAccessibleDescription('Error: Enter a valid e-mail address');
    expect(screen.getByText('Enter a real date')).toBeInTheDocument();
    // The error of no question is only logged.
    expect(screen.queryByText('There is no such question')).toBeNull();
    expect(reports).toEqual([
      { form: 'profile', unmatched: [{ path: 'nickname', message: 'There is no such question' }] },
    ]);
    expect(postsTo(calls, '/policyAdjustments')).toHaveLength(0);

    // Answering the question again clears its server error.
    await userEvent.type(field, 'x');
    expect(field).not.toHaveAccessibleDescription(/Enter a valid e-mail address/);
  });

  it('sends nothing to validate when nothing changed', async () => {
    const calls = stubChangesApi({ policy: buildAnsweredPolicy() });
    renderApp(SECTION, { authState: signedInAuthState });
    await screen.findByRole('heading', { level: 1, name: 'About you' });
    await userEvent.click(screen.getByRole('button', { name: 'Get my new price' }));
    expect(await screen.findByText('Nothing has changed')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

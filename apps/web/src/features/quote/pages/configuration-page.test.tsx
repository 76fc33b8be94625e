import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, signedInAuthState, stubApi } from '../../../test/api-stubs';
import { renderApp } from '../../../test/render-app';
import { buildProposal, withQuote } from '../../../test/proposal-fixture';
import { stubQuoteApi } from '../test/quote-api-stub';

const MAIN_ONLY = buildProposal().quote.covers.filter((cover) => cover.coverType === 'MAIN');

async function clickContinue(name = 'Continue') {
  await userEvent.click(await screen.findByRole('button', { name }));
}

describe('proposal configuration page (spec 2 §2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the profile, dates, monthly price, excess, optional covers, documents and benefits', async () => {
    stubQuoteApi({ proposal: buildProposal() });
    renderApp('/flex/proposal/P-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your quote' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Jane Smith')).toBeInTheDocument();
    expect(screen.getByText('BM24 XYZ')).toBeInTheDocument();
    expect(screen.getByText('BMW 3 Series 320i M Sport')).toBeInTheDocument();
    expect(screen.getByText('23 November 2026')).toBeInTheDocument();
    // The term as the certificate and IPID word it (issue 31 item 10).
    expect(screen.getByText('12 months, renews automatically')).toBeInTheDocument();
    expect(screen.getAllByText('£84.95').length).toBeGreaterThan(0);
    expect(screen.getByText('No-claims bonus protection')).toBeInTheDocument();
    expect(screen.getByText('£8.49 a month')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Policy wording/ })).toHaveAttribute(
      'href',
      '/content/documents/flex/policy-wording.html',
    );
    expect(screen.getByText('Accidental damage, fire and theft of your car')).toBeInTheDocument();
  });

  it('links each included cover to its page and the product to its exposures, opened over the page', async () => {
    stubQuoteApi({ proposal: buildProposal() });
    renderApp('/flex/proposal/P-1');
    const benefits = within(await screen.findByRole('complementary', { name: "What's included" }));
    expect(
      benefits.getByRole('link', { name: 'Accidental damage, fire and theft of your car' }),
    ).toHaveAttribute('href', '/content/covers/damage_to_car.html');
    const exposures = benefits.getByRole('link', {
      name: "What BMW Flex covers, and what it doesn't",
    });
    expect(exposures).toHaveAttribute('href', '/content/exposures/flex.html');
    expect(screen.getByRole('link', { name: 'No-claims bonus protection' })).toHaveAttribute(
      'href',
      '/content/optional-covers/ncb_protection.html',
    );
    // Help links open in a modal iframe over the page (spec 1 §2).
    await userEvent.click(exposures);
    const dialog = await screen.findByRole('dialog', {
      name: "What BMW Flex covers, and what it doesn't",
    });
    expect(dialog.querySelector('iframe')).toHaveAttribute('src', '/content/exposures/flex.html');
  });

  it('continue: ID check clear with optional covers available goes to add-ons', async () => {
    const api = stubQuoteApi({ proposal: buildProposal() });
    const { router } = renderApp('/flex/proposal/P-1');
    await clickContinue();
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex/proposal/P-1/add-ons'));
    expect(api.writes()).toEqual([{ method: 'PUT', path: '/proposals/P-1/id-check', body: {} }]);
  });

  it('continue: without optional covers a signed-out visitor goes to the summary, not account setup', async () => {
    stubQuoteApi({ proposal: withQuote({ covers: MAIN_ONLY }) });
    const { router } = renderApp('/flex/proposal/P-1');
    await clickContinue();
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex/proposal/P-1/summary'));
  });

  it('continue: without optional covers a signed-in customer goes to the summary too', async () => {
    const api = stubQuoteApi({ proposal: withQuote({ covers: MAIN_ONLY }), registered: true });
    const { router } = renderApp('/flex/proposal/P-1', { authState: signedInAuthState });
    await clickContinue();
    await waitFor(() => expect(router.state.location.pathname).toBe('/flex/proposal/P-1/summary'));
    expect(api.calls.some((call) => call.path === '/policyholder')).toBe(false);
  });

  it('continue: an ID check that is not clear shows the id-check-failed modal with a mailto', async () => {
    stubQuoteApi({ proposal: buildProposal(), isClear: false });
    const { router } = renderApp('/flex/proposal/P-1');
    await clickContinue();
    const dialog = await screen.findByRole('dialog', { name: "We couldn't confirm your identity" });
    const mail = within(dialog).getByRole('link', { name: /E-mail your evidence/ });
    // The brand's configured support address (issue 31 item 10), named in the link too.
    expect(mail.getAttribute('href')).toMatch(/^mailto:help@bmw-insurance\.example\?subject=/);
    expect(mail).toHaveTextContent('E-mail your evidence to help@bmw-insurance.example');
    expect(mail.getAttribute('href')).toContain('BMW-ABCD-EFGH');
    expect(router.state.location.pathname).toBe('/flex/proposal/P-1');
  });

  it('excess: choosing the same value sends nothing; another value sends SELECT_VOLUNTARY_EXCESS', async () => {
    const api = stubQuoteApi({ proposal: buildProposal() });
    renderApp('/flex/proposal/P-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Change excess' }));
    let dialog = await screen.findByRole('dialog', { name: 'Choose your voluntary excess' });
    await userEvent.click(within(dialog).getByRole('radio', { name: '£0' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save excess' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.writes()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Change excess' }));
    dialog = await screen.findByRole('dialog', { name: 'Choose your voluntary excess' });
    await userEvent.click(within(dialog).getByRole('radio', { name: '£200' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save excess' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'PATCH',
      path: '/proposals/P-1',
      body: {
        changes: [{ changeType: 'SELECT_VOLUNTARY_EXCESS', excess: 20000 }],
        applyRating: true,
        revision: 3,
      },
    });
  });

  it('missing information: continue is disabled and the banner asks for the registration', async () => {
    const proposal = buildProposal();
    const car = proposal.quote.insuredAssets[0]!;
    const vehicle = { ...(car.data.vehicle as object), vrn: null };
    const api = stubQuoteApi({
      proposal: withQuote({ insuredAssets: [{ ...car, data: { ...car.data, vehicle } }] }),
    });
    renderApp('/flex/proposal/P-1');
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByText('We need a little more information')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add missing information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your details' });
    await userEvent.type(
      within(dialog).getByLabelText("Your car's registration number"),
      'wr73bke',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const body = api.writes()[0]!.body as { changes: { update: { value: { vrn: string } }[] }[] };
    expect(body.changes[0]).toMatchObject({
      changeType: 'ASSET_DISCLOSURE_CHANGE',
      assetCode: 'car',
      update: [{ path: 'data.vehicle', attribute: 'vehicle' }],
    });
    expect(body.changes[0]!.update[0]!.value).toMatchObject({
      vrn: 'WR73 BKE',
      specification: { vehicleCode: 'BMW-G20-320I-MSPORT' },
    });
  });

  it('missing policyholder answers are asked in the modal and saved on the profile', async () => {
    const proposal = buildProposal();
    const holder = proposal.quote.insuredProfiles[0]!;
    const api = stubQuoteApi({
      proposal: withQuote({
        insuredProfiles: [{ ...holder, data: { ...holder.data, email: undefined } }],
      }),
    });
    renderApp('/flex/proposal/P-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add missing information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your details' });
    await userEvent.type(within(dialog).getByLabelText('E-mail address'), 'jane@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({
      changes: [
        {
          changeType: 'PROFILE_DISCLOSURE_CHANGE',
          profileCode: 'ph',
          update: [{ path: 'data.email', attribute: 'email', value: 'jane@example.com' }],
        },
      ],
      applyRating: true,
      revision: 3,
    });
  });

  // Spec 2 §7 PATCH /proposals/{code}/promotions/{id}: the customer types the code; a wrong one is
  // refused by the server with its words, the right one re-prices the quote with the offer.
  it('applies a promotion code the customer types, and says when the code is not right', async () => {
    const offered = buildProposal({ promotions: [{ promotionId: 'flex-welcome' }] });
    const promoted = withQuote(
      { totals: { discounted: 1 } },
      { promoCode: 'flex-welcome', promotions: [{ promotionId: 'flex-welcome' }] },
    );
    const patches: unknown[] = [];
    stubApi((url, init) => {
      const path = url.replace(/^.*\/api/, '');
      if (path === '/proposals/P-1' && (init?.method ?? 'GET') === 'GET') {
        return jsonResponse(200, offered);
      }
      if (path === '/proposals/P-1/promotions/flex-welcome' && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { promotionActivationCode: string };
        patches.push(body);
        return body.promotionActivationCode === 'FLEXWELCOME'
          ? jsonResponse(200, promoted)
          : jsonResponse(400, {
              error: { code: 'VALIDATION_FAILED', message: 'That promotion code is not right.' },
            });
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    renderApp('/flex/proposal/P-1');
    const box = await screen.findByRole('textbox', { name: /Promotion code/ });
    expect(screen.getByRole('heading', { name: 'Have a promotion code?' })).toBeInTheDocument();
    await userEvent.type(box, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(await screen.findByText('That promotion code is not right.')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'flexwelcome');
    await userEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(await screen.findByText('Your offer is applied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with your offer' })).toBeEnabled();
    expect(patches).toEqual([
      { promotionActivationCode: 'NOPE' },
      { promotionActivationCode: 'FLEXWELCOME' },
    ]);
  });

  // Spec 2 §9.15, decision 046: the loyalty discount's code is asked of each promotion the quote
  // offers until one takes it; the quote then says what comes off and from which month.
  it('applies the loyalty code and says £40.00 comes off each month from the 7th', async () => {
    const promotions = [{ promotionId: 'flex-welcome' }, { promotionId: 'flex-loyalty' }];
    const offered = buildProposal({ promotions });
    const promoted = withQuote(
      {
        totals: { discounted: 101933 - 6 * 4000 },
        promotionMonthlyDiscountPence: 4000,
        promotionFromInstalment: 7,
      },
      { promoCode: 'flex-loyalty', promotions },
    );
    const patches: string[] = [];
    stubApi((url, init) => {
      const path = url.replace(/^.*\/api/, '');
      if (path === '/proposals/P-1' && (init?.method ?? 'GET') === 'GET') {
        return jsonResponse(200, offered);
      }
      if (path.startsWith('/proposals/P-1/promotions/') && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { promotionActivationCode: string };
        patches.push(`${path.split('/').at(-1)}:${body.promotionActivationCode}`);
        return path.endsWith('/flex-loyalty') && body.promotionActivationCode === 'FLEXLOYALTY'
          ? jsonResponse(200, promoted)
          : jsonResponse(400, {
              error: { code: 'VALIDATION_FAILED', message: 'That promotion code is not right.' },
            });
      }
      return jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    });
    renderApp('/flex/proposal/P-1');
    const box = await screen.findByRole('textbox', { name: /Promotion code/ });
    await userEvent.type(box, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    // Neither promotion takes it: the server's words beside the box.
    expect(await screen.findByText('That promotion code is not right.')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'flexloyalty');
    await userEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(await screen.findByText('Your offer is applied')).toBeInTheDocument();
    expect(
      screen.getByText(
        '£40.00 off each month from your 7th month. The total for the year above includes it.',
      ),
    ).toBeInTheDocument();
    // The price: £84.95 a month, £44.95 from the 7th month, £779.33 for the year.
    const price = within(screen.getByText('Monthly price from your 7th month').closest('div')!);
    expect(price.getByText('£44.95')).toBeInTheDocument();
    expect(price.getByText('£84.95')).toBeInTheDocument();
    expect(screen.getAllByText('£779.33').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Continue with your offer' })).toBeEnabled();
    expect(patches).toEqual([
      'flex-welcome:NOPE',
      'flex-loyalty:NOPE',
      'flex-welcome:FLEXLOYALTY',
      'flex-loyalty:FLEXLOYALTY',
    ]);
  });

  it('offers no promotion code box when the quote has no promotion', async () => {
    stubQuoteApi({ proposal: buildProposal() });
    renderApp('/flex/proposal/P-1');
    await screen.findByRole('button', { name: 'Continue' });
    expect(screen.queryByRole('textbox', { name: /Promotion code/ })).not.toBeInTheDocument();
  });

  it('labels continue by the promotion: active when it takes money off', async () => {
    stubQuoteApi({
      proposal: withQuote({ totals: { discounted: 1 } }, { promoCode: 'flex-welcome' }),
    });
    renderApp('/flex/proposal/P-1');
    expect(await screen.findByRole('button', { name: 'Continue with your offer' })).toBeEnabled();
  });
});

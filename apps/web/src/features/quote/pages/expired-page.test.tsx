import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { londonDateString, toInstant } from '@motor/domain';
import { renderApp } from '../../../test/render-app';
import { buildProposal } from '../../../test/proposal-fixture';
import { stubQuoteApi } from '../test/quote-api-stub';

// Two shared cores: give slow renders room rather than fail on timing.
configure({ asyncUtilTimeout: 5000 });

describe('expired quote page (spec 2 §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reprices with a START_DATE_CHANGE for the chosen day, then shows the quote', async () => {
    const api = stubQuoteApi({
      proposal: buildProposal({ status: 'QUOTE_EXPIRED' }),
      afterPatch: buildProposal(),
    });
    renderApp('/flex/proposal/P-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your quote has expired' }),
    ).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Update my quote' });
    expect(submit).toBeDisabled();

    const day = londonDateString(new Date());
    const [year, month, date] = day.split('-');
    await userEvent.selectOptions(screen.getByLabelText('Day'), String(Number(date)));
    await userEvent.selectOptions(screen.getByLabelText('Month'), String(Number(month)));
    await userEvent.selectOptions(screen.getByLabelText('Year'), year!);
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({
      changes: [{ changeType: 'START_DATE_CHANGE', startDate: toInstant(day).toISOString() }],
      applyRating: true,
      revision: 3,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your quote' }),
    ).toBeInTheDocument();
  });
});

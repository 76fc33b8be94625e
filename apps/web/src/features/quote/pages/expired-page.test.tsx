import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { londonDateString, toInstant } from '@motor/domain';
import { findOfferedDays } from '../../../test/day-picker';
import { renderApp } from '../../../test/render-app';
import { buildProposal } from '../../../test/proposal-fixture';
import { stubQuoteApi } from '../test/quote-api-stub';

// The page offers start dates from its own today: a set clock, in January (a month whose value,
// "01", a test once chose as "1").
const NOW = new Date('2027-01-13T10:30:00Z');

/** Chooses today's London date as the new start date and asks for the new price. */
async function chooseTodayAndUpdate() {
  const day = londonDateString(NOW);
  const submit = screen.getByRole('button', { name: 'Update my quote' });
  await userEvent.selectOptions(
    screen.getByLabelText('When should your cover start?'),
    'Today, Wednesday 13 January 2027',
  );
  await waitFor(() => expect(submit).toBeEnabled());
  await userEvent.click(submit);
  return day;
}

describe('expired quote page (spec 2 §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  // Spec 1 §9: the date picker offers 30 daily options from today (the page's clock).
  it('offers the start date as 30 daily options from today', async () => {
    stubQuoteApi({ proposal: buildProposal({ status: 'QUOTE_EXPIRED' }) });
    renderApp('/flex/proposal/P-1');
    const days = await findOfferedDays('When should your cover start?');
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('Today, Wednesday 13 January 2027');
    expect(days[1]).toBe('Thursday 14 January 2027');
    expect(days.at(-1)).toBe('Thursday 11 February 2027');
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
    expect(screen.getByRole('button', { name: 'Update my quote' })).toBeDisabled();
    const day = await chooseTodayAndUpdate();

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

  it('sends the change again on the new revision when the expiry job saved the quote meanwhile', async () => {
    const api = stubQuoteApi({
      proposal: buildProposal({ status: 'QUOTE_EXPIRED' }),
      afterPatch: buildProposal(),
      movedOnTo: 4,
    });
    renderApp('/flex/proposal/P-1');
    await screen.findByRole('heading', { level: 1, name: 'Your quote has expired' });
    const day = await chooseTodayAndUpdate();

    const change = { changeType: 'START_DATE_CHANGE', startDate: toInstant(day).toISOString() };
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes().map((write) => write.body)).toEqual([
      { changes: [change], applyRating: true, revision: 3 },
      { changes: [change], applyRating: true, revision: 4 },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your quote' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

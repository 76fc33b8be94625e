import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { buildProposal } from '../../../test/proposal-fixture';
import { stubQuoteApi } from '../test/quote-api-stub';

const policyholder = buildProposal().quote.insuredProfiles[0]!;
// Not in work, so the follow-up question about what the person does shows too.
const TOM = { firstName: 'Tom', lastName: 'Smith', employmentStatus: 'NIW' };
const proposal = buildProposal({
  quote: {
    ...buildProposal().quote,
    insuredProfiles: [
      { ...policyholder, data: { ...policyholder.data, employmentStatus: 'NIW' } },
      { profileCode: 'p1', policyholder: false, data: TOM },
    ],
  },
});

/** The question texts (labels and legends) of the page's form. */
const questions = () =>
  [...document.querySelectorAll('form label, form legend')].map((node) => node.textContent);

async function open(path: string, heading: string) {
  stubQuoteApi({ proposal });
  renderApp(`/flex/proposal/P-1/disclosure/${path}`);
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 3000 });
}

describe('additional-driver questions are phrased about the driver', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names a saved driver by first name in every question that would say "you"', async () => {
    await open('additional-drivers/profile/p1', 'Edit driver');
    expect(questions()).toEqual(
      expect.arrayContaining([
        'How is Tom related to you?',
        'Which best describes Tom?',
        'Has Tom ever been declared bankrupt?',
        'Does Tom have any county court judgments (CCJs) that are not paid?',
        'Does Tom have any unspent criminal convictions?',
        "Has an insurer ever refused, cancelled or declined to renew Tom's insurance?",
        'What type of driving licence does Tom have?',
        "When was Tom's licence issued?",
        'Has Tom had any motoring convictions in the last 5 years?',
        'Has Tom had any claims or accidents in the last 5 years?',
        'Can Tom use any other car?',
        'Does Tom have a medical condition the DVLA should know about but does not?',
        'Has a doctor advised Tom not to drive?',
        'Has Tom been banned or disqualified from driving in the last 5 years?',
      ]),
    );
    expect(screen.getByText('Including fixed penalties that gave Tom points')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: "No, they can't use other cars" })).toBeDefined();
    // Only the relationship is asked relative to the customer.
    const aboutYou = questions().filter((text) => /\b(you|your)\b/i.test(text ?? ''));
    expect(aboutYou).toEqual(['How is Tom related to you?']);
  });

  it('says "this driver" while a new driver has no saved name', async () => {
    await open('additional-drivers/profile', 'Add a driver');
    expect(questions()).toEqual(
      expect.arrayContaining([
        'How is this driver related to you?',
        'Has this driver ever been declared bankrupt?',
        'Can this driver use any other car?',
      ]),
    );
  });

  it('keeps asking the customer about themselves', async () => {
    await open('about-you', 'About you');
    expect(questions()).toEqual(
      expect.arrayContaining([
        'Which best describes you?',
        'Have you ever been declared bankrupt?',
        'What type of driving licence do you have?',
        'Can you use any other car?',
      ]),
    );
    expect(screen.getByText('Including fixed penalties that gave you points')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: "No, I can't use other cars" })).toBeDefined();
  });
});

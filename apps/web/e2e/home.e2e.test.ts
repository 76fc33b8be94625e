import { describe, expect, it } from 'vitest';
import { signInWithCode, uniqueEmail } from './support/auth';
import {
  saveScreenshot,
  VIEWPORTS,
  expectNoSeriousA11yViolations,
  useBrowser,
} from './support/browser';

describe.each(VIEWPORTS)('home at $width px', (viewport) => {
  const browser = useBrowser();

  it('a new visitor sees start cards and the sign-in promo, then their quote as a card', async () => {
    const { context, page } = await browser.newPage(viewport);
    try {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Car insurance for your BMW' }).waitFor();
      const promo = page.getByRole('region', { name: 'Already insured with us?' });
      expect(await promo.getByRole('listitem').count()).toBe(4);
      await page.getByRole('link', { name: 'Get a BMW Flex quote' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `home-new-${viewport.width}.png`);

      // Starting a quote creates a proposal in this visitor's session...
      await page.getByRole('link', { name: 'Get a BMW Flex quote' }).click();
      await page.waitForURL('**/flex/proposal/**');
      const proposalCode = new URL(page.url()).pathname.split('/')[3]!;
      const { externalReference } = (await (
        await page.request.get(`/api/proposals/${proposalCode}`, {
          headers: {
            authorization: `Bearer ${await page.evaluate(
              () =>
                (
                  JSON.parse(sessionStorage.getItem('motor.anonymousAccessToken') ?? '{}') as {
                    accessToken?: string;
                  }
                ).accessToken,
            )}`,
          },
        })
      ).json()) as { externalReference: string };

      // ...which home then lists with its card, still offering another quote (issue 31 item 9).
      await page.goto('/');
      const list = page.getByRole('region', { name: 'Your quotes' });
      await list.waitFor();
      const card = list.getByRole('listitem');
      expect(await card.count()).toBe(1);
      expect(await card.textContent()).toContain(`Reference ${externalReference}`);
      const action = card.getByRole('link', { name: /Resume quote|View quote|Update quote/ });
      expect(await action.getAttribute('href')).toBe(`/flex/proposal/${proposalCode}`);
      const another = page.getByRole('region', { name: 'Get another quote' });
      expect(await another.getByRole('link', { name: 'Get a BMW Flex quote' }).count()).toBe(1);
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `home-${viewport.width}.png`);
    } finally {
      await context.close();
    }
  });

  it('greets a signed-in customer and offers a quote per product', async () => {
    const { context, page } = await browser.newPage(viewport);
    try {
      await page.goto('/sign-in');
      await page.getByRole('button', { name: 'Continue' }).click();
      await signInWithCode(page, browser.baseUrl, uniqueEmail(`home-${viewport.width}`));
      await page.waitForURL((url) => url.pathname === '/');
      // A new customer has no name yet, no policies and no quotes: no tabs, no notices.
      await page.getByRole('heading', { level: 1, name: /^Hello/ }).waitFor();
      await page.getByRole('link', { name: 'Get a BMW Driveaway quote' }).waitFor();
      expect(await page.getByRole('tablist').count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Already insured with us?' }).count()).toBe(0);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });

  it('opens a help page from /content that reads on its own', async () => {
    const { context, page } = await browser.newPage(viewport);
    try {
      const response = await page.goto('/content/questions/no-claims-discount.html');
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'No claims discount' }).waitFor();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
});

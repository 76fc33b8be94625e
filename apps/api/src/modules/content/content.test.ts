import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bmwBrandConfig, brand } from '@motor/brand-bmw';
import type { InputDefinition } from '@motor/forms';
import type { App } from '../../app-types';
import { createTestApp } from '../../test/test-app';

/** Every helpLink the brand's configuration names, wherever the input lives. */
function collectHelpLinks(): Set<string> {
  const links = new Set<string>();
  const walk = (inputs: readonly InputDefinition[] | undefined) => {
    for (const input of inputs ?? []) {
      const helpLink = input.meta?.helpLink;
      if (typeof helpLink === 'string') links.add(helpLink);
      walk(input.inputs);
    }
  };
  for (const product of Object.values(bmwBrandConfig.products)) {
    for (const inputs of Object.values(product.disclosures)) walk(inputs);
    for (const assetType of product.assetTypes) {
      for (const cover of assetType.optionalCovers) walk(cover.inputs);
    }
    walk(product.checkoutChecklist);
  }
  walk(bmwBrandConfig.accountInputs);
  walk(bmwBrandConfig.retrieve.inputs);
  return links;
}

describe('help and wording content under contentBaseUrl', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('has a page for every helpLink of the bmw brand', async () => {
    const links = collectHelpLinks();
    expect(links.size).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const link of links) {
      const response = await app.inject({
        method: 'GET',
        url: `${brand.contentBaseUrl}/questions/${encodeURIComponent(link)}.html`,
      });
      if (response.statusCode !== 200) missing.push(link);
    }
    expect(missing).toEqual([]);
  });

  it('has a page for every included and optional cover, and the exposures of each product', async () => {
    const urls: string[] = [];
    for (const product of Object.values(bmwBrandConfig.products)) {
      urls.push(`/content/exposures/${product.urlName}.html`);
      for (const assetType of product.assetTypes) {
        for (const code of assetType.includedCovers) urls.push(`/content/covers/${code}.html`);
        for (const cover of assetType.optionalCovers) {
          urls.push(`/content/optional-covers/${cover.code}.html`);
        }
      }
    }
    for (const url of urls) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
  });

  // Issue 13 item 3: every document link a quote shows opens a real document for its scheme,
  // written from the product's configuration, naming the insurer and the intermediary.
  it('serves every document a quote links to, by scheme, with the standard IPID sections', async () => {
    for (const [schemeCode, product] of Object.entries(bmwBrandConfig.products)) {
      const types = new Set([
        ...product.documents.product,
        ...Object.values(product.documents.covers ?? {}).flat(),
        ...product.documents.static,
      ]);
      expect(types.size).toBeGreaterThan(0);
      for (const type of types) {
        const url = `${brand.contentBaseUrl}/documents/${product.urlName}/${type}.html`;
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, `${schemeCode} ${url}`).toBe(200);
        expect(res.body, url).toContain('Financial Conduct Authority');
        expect(res.body).not.toMatch(/lorem|placeholder|TODO|undefined|\[object/i);
      }
      const ipid = (
        await app.inject({ url: `${brand.contentBaseUrl}/documents/${product.urlName}/ipid.html` })
      ).body;
      for (const heading of [
        'What is this type of insurance?',
        'What is insured?',
        'What is not insured?',
        'Are there any restrictions on cover?',
        'Where am I covered?',
        'What are my obligations?',
        'When and how do I pay?',
        'When does the cover start and end?',
        'How do I cancel the contract?',
      ]) {
        expect(ipid, `${schemeCode}: ${heading}`).toContain(`<h2>${heading}</h2>`);
      }
      expect(ipid).toContain('Bavaria Insurance UK Ltd');
      expect(ipid).toContain('BMW Insurance Services Ltd');
      expect(ipid).toContain('Accidental damage: £250.00');
    }
    const flexIpid = (await app.inject({ url: '/content/documents/flex/ipid.html' })).body;
    const driveawayIpid = (await app.inject({ url: '/content/documents/driveaway/ipid.html' }))
      .body;
    // What each product really sells: flex covers EU driving and is paid monthly; driveaway is
    // free for 5 days and has no EU cover beyond the legal minimum.
    expect(flexIpid).toContain('Driving in the EU');
    expect(flexIpid).toContain('11 monthly payments by Direct Debit');
    expect(driveawayIpid).not.toContain('Driving in the EU');
    expect(driveawayIpid).toContain('Driveaway cover is free');
    expect(driveawayIpid).toContain('Term: 5 days, does not renew.');
    expect(flexIpid).toContain('Term: 12 months, renews automatically.');
    // The legal expenses documents belong to flex only (its optional cover).
    expect((await app.inject({ url: '/content/documents/flex/legal-ipid.html' })).statusCode).toBe(
      200,
    );
    expect(
      (await app.inject({ url: '/content/documents/driveaway/legal-ipid.html' })).statusCode,
    ).toBe(404);
  });

  // Issue 13 item 15: the footer's complaints, privacy, cookie and terms links open real pages.
  it('serves every page the footer links to', async () => {
    expect(brand.footer.regulatoryStatement).toContain('Financial Conduct Authority');
    for (const link of brand.footer.links) {
      const res = await app.inject({ url: link.href });
      expect(res.statusCode, link.href).toBe(200);
      expect(res.body.toLowerCase()).toContain(`<h1>${link.text.toLowerCase()}`);
    }
    const complaints = (await app.inject({ url: '/content/static/complaints.html' })).body;
    expect(complaints).toContain('Financial Ombudsman Service');
    const privacy = (await app.inject({ url: '/content/static/privacy.html' })).body;
    expect(privacy).toContain('Information Commissioner');
  });

  // Issue 18 items 4-5: the Help modal's FAQ and the cookie banner's policy link open real pages.
  it('serves the brand’s help FAQ and the cookie policy the banner links to', async () => {
    const faq = await app.inject({ url: brand.support.faqUrl });
    expect(faq.statusCode).toBe(200);
    expect(faq.body).toContain('<h1>Help: questions and answers');
    expect(faq.body).toContain('Retrieve a saved quote');
    const cookies = await app.inject({ url: '/content/static/cookies.html' });
    expect(cookies.statusCode).toBe(200);
    expect(cookies.body).toContain('<h1>Cookie policy');
    expect(cookies.body).toContain('cookieConsent');
  });

  it('serves static HTML that only our own origin may frame, with no script', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/content/questions/optional-covers/legal_expenses.html',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(response.body).toContain('<html lang="en-GB">');
    expect(response.body).toContain('<h1>Motor legal expenses</h1>');
    expect(response.body).toContain('£100,000');
    expect(response.body).not.toContain('<script');
    expect(response.body).toContain('<link rel="stylesheet" href="/content/content.css">');

    const css = await app.inject({ method: 'GET', url: '/content/content.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain(brand.theme.colours.text);
  });

  it('answers 404 with a readable page for an unknown page, never the SPA', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/content/questions/no-such-question.html',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page not found');
  });
});

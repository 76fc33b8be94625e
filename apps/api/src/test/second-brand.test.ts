import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-types';
import { loadBrands } from '../brands';
import { notificationOutbox, proposals } from '../db/schema';
import { brandOfScheme, useBrands } from '../modules/brand';
import { ensureCustomerAccount } from '../modules/billing';
import { bearer, createTestAccessToken } from '../modules/identity/test-tokens';
import { buildCompleteDisclosure } from '../modules/proposal';
import { buyByCard } from './bound-policy';
import { createTestApp } from './test-app';
import { TEST_BRANDS } from './test-brands';

// Issue 31 item 16: a second brand's deployment shows nothing of the first — its policy numbers
// carry its own product codes and its e-mails its display name. Loaded as the server loads it
// (BRAND_PACKAGES=@motor/brand-lumen).
describe('a second brand (Lumen) served alone', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ brands: await loadBrands(['@motor/brand-lumen']) });
  });
  afterAll(async () => {
    await app.close();
    useBrands(TEST_BRANDS); // the worker's other suites run as the BMW deployment
  });

  /** A new quote of an anonymous visitor, or of the signed-in customer of `signedIn`. */
  async function newProposal(schemeCode: string, signedIn?: Record<string, string>) {
    const session = await app.inject({ method: 'POST', url: '/api/session', payload: {} });
    const headers = signedIn ?? {
      authorization: `Bearer ${session.json().accessToken as string}`,
    };
    const created = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode, brand: 'lumen' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { proposalCode } = created.json() as { proposalCode: string };
    const [row] = await app.db
      .select()
      .from(proposals)
      .where(eq(proposals.proposalCode, proposalCode));
    return { headers, row: row! };
  }

  it("numbers policies with the brand's code and its own product codes", async () => {
    const now = app.clock.now();
    const monthly = await newProposal('lumen-monthly');
    const collect = await newProposal('lumen-collect');
    const first = await ensureCustomerAccount(app.db, { proposal: monthly.row, now });
    const second = await ensureCustomerAccount(app.db, { proposal: collect.row, now });
    expect(first.accountCode).toMatch(/^LUMEN-MTH-\d{6}$/);
    expect(second.accountCode).toMatch(/^LUMEN-COL-\d{6}$/);
  });

  it('refuses a second quote of a product while one is open (multiQuote off, spec 3 §4), another product or after deleting it not', async () => {
    const { headers, row } = await newProposal('lumen-monthly');
    const again = () =>
      app.inject({
        method: 'POST',
        url: '/api/proposals',
        headers,
        payload: { schemeCode: 'lumen-monthly', brand: 'lumen' },
      });
    const refused = await again();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'CONFLICT',
        message:
          'You already have a quote or a policy for this product: carry on with it from your home page.',
        details: { reason: 'ONE_QUOTE_PER_PRODUCT' },
      },
    });
    const listed = await app.inject({ method: 'GET', url: '/api/proposals', headers });
    expect((listed.json() as unknown[]).length).toBe(1);
    // Another product of the brand is another scheme: its quote may start.
    const collect = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: 'lumen-collect', brand: 'lumen' },
    });
    expect(collect.statusCode, collect.body).toBe(201);
    // The customer deletes the open quote: a new one may start.
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/proposals/${row.proposalCode}`,
      headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await again()).statusCode).toBe(201);
  });

  it('refuses a new quote of a product while a policy of it is in force (multiQuote off, spec 3 §4)', async () => {
    // Signed in: a card checkout is the customer's own.
    const { headers, row } = await newProposal(
      'lumen-monthly',
      bearer(await createTestAccessToken(app, { userId: 'lumen-buyer' })),
    );
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/proposals/${row.proposalCode}`,
      headers,
      payload: {
        applyRating: true,
        changes: buildCompleteDisclosure({
          car: {
            vehicle: {
              vrn: 'LU23 MEN',
              regLookup: true,
              specification: { vehicleCode: 'LUMEN-ASTER-14T-SE' },
            },
          },
        }),
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const agreed = await app.inject({
      method: 'PUT',
      url: `/api/proposals/${row.proposalCode}/agreements`,
      headers,
      payload: {
        accepted: brandOfScheme('lumen-monthly')
          .getProductConfig('lumen-monthly')
          .checkoutChecklist.map((input) => input.name),
      },
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    await buyByCard(app, headers, row.proposalCode);
    // No quote is open now, only the bound one, now a policy: the policy refuses the new quote.
    const listed = await app.inject({ method: 'GET', url: '/api/proposals', headers });
    expect((listed.json() as { status: string }[]).map((proposal) => proposal.status)).toEqual([
      'POLICY',
    ]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/proposals',
      headers,
      payload: { schemeCode: 'lumen-monthly', brand: 'lumen' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: {
        message:
          'You already have a quote or a policy for this product: carry on with it from your home page.',
        details: { reason: 'ONE_QUOTE_PER_PRODUCT' },
      },
    });
  });

  it("sends the quote e-mail under the brand's display name", async () => {
    const { headers, row } = await newProposal('lumen-monthly');
    expect(row.externalReference).toMatch(/^LUMEN-/);
    const retained = await app.inject({
      method: 'POST',
      url: `/api/proposals/${row.proposalCode}/retain`,
      headers,
      payload: { email: 'lena@example.com' },
    });
    expect(retained.statusCode, retained.body).toBe(202);
    const [mail] = await app.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, 'lena@example.com'));
    expect(mail?.subject).toBe(`Your Lumen Cover quote ${row.externalReference}`);
  });
});

/** Every source file of the API outside its tests, fixtures and test helpers. */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) {
      return ['test', '__golden__', 'fixtures'].includes(name) ? [] : sourceFiles(file);
    }
    const isTestCode = /(\.test|test-helpers|fixtures)\.ts$/.test(name);
    return name.endsWith('.ts') && !isTestCode ? [file] : [];
  });
}

describe('the API names no brand', () => {
  it("has no 'BMW' in a string outside comments, but the spec's lookup table name", () => {
    const found = sourceFiles(path.resolve(import.meta.dirname, '..')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
        .map((line) => line.replace(/\/\/.*$/, '').replaceAll('BMWRetailers', ''))
        .filter((line) => /BMW/.test(line))
        .map((line) => `${path.basename(file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});

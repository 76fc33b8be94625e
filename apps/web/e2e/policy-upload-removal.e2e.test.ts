import { describe, expect, it } from 'vitest';
import { VIEWPORTS, expectNoSeriousA11yViolations, useBrowser } from './support/browser';
import { buyPolicy } from './support/buy-policy';
import { fillRecentDocumentDate } from './support/policy';

// Issue 14 item 6: a staged file taken off the upload page's list is deleted on the server at
// once (DELETE /api/documents/upload/stage/{policyId}/{stageId}), so a second file of the same
// name is staged under that name again, and only what is left on the list is sent.

const SLOW = { timeout: 30_000 };
const [, DESKTOP] = VIEWPORTS;

const pdf = (kilobytes: number) =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(kilobytes * 1024 - 20, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);

describe('removing a staged upload (issue 14)', () => {
  const { baseUrl, newPage } = useBrowser();

  it('deletes the removed file on the server and sends only the rest', async () => {
    const { context, page } = await newPage(DESKTOP);
    try {
      const policy = await buyPolicy(page, baseUrl, {
        // Flex: free Driveaway cover offers no no-claims upload (issue 31 item 12).
        product: 'flex',
        label: 'upload-removal',
        vrn: 'WR73 BKE',
      });
      await page.goto(`${policy.policyPath}/uploads/ncb-proof`);
      await page
        .getByRole('heading', { level: 1, name: 'Send proof of your no claims discount' })
        .waitFor(SLOW);
      const input = page.getByTestId('dropzone-input');
      const staged = () =>
        page.waitForResponse(
          (response) =>
            response.request().method() === 'POST' &&
            new URL(response.url()).pathname === `/api/documents/upload/stage/${policy.policyId}` &&
            response.status() === 201,
          SLOW,
        );

      const first = staged();
      await input.setInputFiles({
        name: 'scan.pdf',
        mimeType: 'application/pdf',
        buffer: pdf(200),
      });
      const { stageId } = (await (await first).json()) as { stageId: string };
      const removed = page.waitForResponse(
        (response) =>
          response.request().method() === 'DELETE' &&
          new URL(response.url()).pathname ===
            `/api/documents/upload/stage/${policy.policyId}/${stageId}`,
        SLOW,
      );
      await page.getByRole('button', { name: 'Remove scan.pdf' }).click();
      expect((await removed).status()).toBe(204);
      await expect.poll(() => page.getByText('scan.pdf').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Send files' }).isDisabled()).toBe(true);

      // The name is free again on the server: not "scan (2).pdf".
      const second = staged();
      await input.setInputFiles({
        name: 'scan.pdf',
        mimeType: 'application/pdf',
        buffer: pdf(300),
      });
      expect(((await (await second).json()) as { fileName: string }).fileName).toBe('scan.pdf');
      await page.getByRole('button', { name: 'Remove scan.pdf' }).waitFor(SLOW);
      await expectNoSeriousA11yViolations(page);

      const committed = page.waitForRequest(
        (request) =>
          request.method() === 'POST' &&
          new URL(request.url()).pathname === `/api/documents/upload/commit/${policy.policyId}`,
      );
      await fillRecentDocumentDate(page);
      await page.getByRole('button', { name: 'Send files' }).click();
      expect((await committed).postDataJSON()).toMatchObject({ fileNames: ['scan.pdf'] });
      await page
        .getByRole('heading', { level: 1, name: 'Thank you, we have your files' })
        .waitFor(SLOW);
    } finally {
      await context.close();
    }
  }, 90_000);
});

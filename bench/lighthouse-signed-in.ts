// Lighthouse on a page that needs a signed-in customer (the policy page, issue 34 item 2e), run
// as its own process by bench/lighthouse.ts: `lighthouse-signed-in.ts BASE_URL EMAIL PATH`
// prints the report's JSON on stdout, as the Lighthouse CLI does.
//
// The CLI cannot measure such a page: the web app keeps the OIDC session in the tab's session
// storage, and the CLI opens a fresh tab. Here Chromium (puppeteer, which Lighthouse drives) signs
// in through the real pages in one tab, the e-mail code read from the sandbox outbox; the HTTP
// cache is then emptied, so the measured load fetches every script again as a first visit would,
// and Lighthouse loads the page in that same tab without resetting its storage.
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

const SIGN_IN_TIMEOUT_MS = 60_000;

async function newestSignInCode(baseUrl: string, email: string): Promise<string | null> {
  const response = await fetch(`${baseUrl}/dev/outbox.json?recipient=${encodeURIComponent(email)}`);
  const messages = (await response.json()) as { subject: string | null; body: string }[];
  const message = messages.find((candidate) => candidate.subject === 'Your sign-in code');
  return /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? null;
}

/** Signs in with an e-mail code from the app's sign-in page, as the customer would, then opens `path`. */
async function signInAt(page: Page, baseUrl: string, email: string, path: string) {
  const byText = (tag: string, text: string) => `::-p-xpath(//${tag}[normalize-space()="${text}"])`;
  await page.goto(`${baseUrl}/sign-in`);
  await (await page.waitForSelector(byText('button', 'Continue')))!.click();
  await page.waitForSelector(byText('h1', 'Sign in or create an account'));
  await page.type('input[name="identifier"]', email);
  await (await page.waitForSelector(byText('button', 'Send me a code')))!.click();
  await page.waitForSelector(byText('h1', 'Enter your code'));
  let code: string | null = null;
  for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
    code = await newestSignInCode(baseUrl, email);
    if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!code) throw new Error(`no sign-in code in the outbox for ${email}`);
  await page.type('input[name="code"]', code);
  await (await page.waitForSelector(byText('button', 'Sign in')))!.click();
  await page.waitForSelector('[aria-label^="Account menu for "]');
  await page.goto(`${baseUrl}${path}`);
  await page.waitForSelector(byText('h1', 'Your policy'));
}

async function main(): Promise<void> {
  const [baseUrl, email, path] = process.argv.slice(2);
  if (!baseUrl || !email || !path) throw new Error('usage: BASE_URL EMAIL PATH');
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    protocolTimeout: SIGN_IN_TIMEOUT_MS,
  });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(SIGN_IN_TIMEOUT_MS);
    await signInAt(page, baseUrl, email, path).catch(async (error: unknown) => {
      const heading = await page.$eval('h1', (h1) => h1.textContent).catch(() => null);
      throw new Error(`sign-in stopped at ${page.url()} (heading ${heading})`, { cause: error });
    });
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await session.detach();
    const result = await lighthouse(
      `${baseUrl}${path}`,
      { onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' },
      undefined,
      page,
    );
    if (!result) throw new Error('Lighthouse gave no result');
    if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
    process.stdout.write(JSON.stringify(result.lhr));
  } finally {
    await browser.close();
  }
}

await main();

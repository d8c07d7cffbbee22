import { expect, test, type Page } from '@playwright/test';
import { register } from './helpers.ts';

// These tests are about the service worker, which playwright.config.ts blocks elsewhere.
test.use({ serviceWorkers: 'allow' });

/** Every page the signed-in shell offers, plus the public ones: none may trip the server's Content-Security-Policy. */
const PAGES = ['/text-to-speech', '/music', '/voice-design', '/voice-clone', '/voice-isolator', '/voice-library', '/settings', '/pricing', '/api'];

/** Records CSP violations (and the console's report of them) from the first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text) && !/unsafe-eval/.test(text)) consoleReports.push(text);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [...consoleReports, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))];
}

test('the content security policy lets every page, the theme boot script and the service worker run', async ({ page }) => {
  // Nine pages, each loading its own chunks, on a shared 2-core machine.
  test.setTimeout(240_000);
  const violations = await watchViolations(page);
  const reply = await page.goto('/login');
  expect(reply?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('light');
  await register(page);
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.getByTestId('user-menu'), path).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('status', { name: 'Loading…' }), path).toHaveCount(0, { timeout: 30_000 });
    expect(await violations(), path).toEqual([]);
  }
  const registered = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(registered).toMatch(/\/sw\.js$/);

  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui .info')).toContainText('Sound Studio API');
  expect(await violations()).toEqual([]);
});

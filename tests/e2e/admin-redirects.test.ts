/**
 * Redirects in Chromium against the real server: an admin adds one on System → Redirects, sees it
 * listed, and a visitor who opens the old address lands on the new page.
 */
import { describe, expect, it } from 'vitest';
import { e2eFixture, openFromSidebar, signedInPage } from './harness';

const fixture = e2eFixture();

describe('redirects', () => {
  it('adds a redirect in the screen, lists it, and sends a visitor on', async () => {
    const { app, browser } = fixture;
    const page = await signedInPage(browser, app);

    await openFromSidebar(page, 'System', 'Redirects');
    const form = page.getByRole('form', { name: 'Add a redirect' });
    await form.waitFor();
    await form.getByLabel('From').fill('/old-contact-us');
    await form.getByLabel('To').fill('/contact');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Redirect saved').waitFor();
    const row = page.getByRole('table', { name: 'Redirects' }).getByRole('row').filter({ hasText: '/old-contact-us' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('/contact');
    await expect.poll(() => row.textContent()).toContain('301');

    const visitor = await browser.newPage();
    try {
      const answer = await visitor.goto(`${app.baseUrl}/old-contact-us`);
      expect(new URL(visitor.url()).pathname).toBe('/contact');
      expect(answer?.status()).toBe(200);
      expect(answer?.request().redirectedFrom()?.url()).toBe(`${app.baseUrl}/old-contact-us`);
    } finally {
      await visitor.close();
    }
  });
});

/**
 * The back-office on a phone (390 px): a list scrolls sideways, but every row's Edit and Delete
 * stay on screen, and they work.
 */
import { describe, expect, it } from 'vitest';
import { e2eFixture, signedInPage } from './harness';

const fixture = e2eFixture();

describe('lists on a phone', () => {
  it('keeps each row’s Edit and Delete on screen while the columns scroll sideways', async () => {
    const page = await signedInPage(fixture.browser, fixture.app, { width: 390, height: 760 });
    await page.goto(`${fixture.app.baseUrl}/admin/post`);
    const firstRow = page.getByRole('row').nth(1);
    const edit = firstRow.getByRole('link', { name: /^Edit / });
    const remove = firstRow.getByRole('button', { name: /^Delete / });
    await edit.waitFor();
    for (const action of [edit, remove]) {
      const box = (await action.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await edit.click();
    await page.getByRole('heading', { name: 'Edit Post', level: 1 }).waitFor();
    await page.context().close();
  });
});

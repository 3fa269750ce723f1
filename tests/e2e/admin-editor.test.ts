/**
 * The rich-text editor in Chromium, as the issue reproduced it: an image written in the HTML view
 * survives switching to Rich text, typing and saving; markup the editor cannot hold keeps the field
 * in the HTML view with the reason; the toolbar inserts an image with alt text and a YouTube player.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eFixture, type RunningApp, signedInPage } from './harness';

const fixture = e2eFixture();
let app: RunningApp;
let page: Page;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  app = fixture.app;
  page = await signedInPage(fixture.browser, app);
});
afterAll(async () => {
  await page?.context().close();
});

const content = () => page.getByRole('textbox', { name: 'Content' });
const savedPost = async (title: string) => {
  const list = await app.api<{ data: { data: { id: number; title: string; content: string }[] } }>(
    'GET',
    `posts?search_key=${encodeURIComponent(title)}`,
  );
  return list.body.data.data.find((p) => p.title === title)!;
};

async function newPost(title: string) {
  await page.goto(`${app.baseUrl}/admin/post/form`);
  await page.getByRole('heading', { name: 'Post', level: 1 }).waitFor();
  await page.locator('[name="title"]').fill(title);
}

const save = async () => {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Success! Data updated successfully.').waitFor();
};

describe('the rich-text editor', () => {
  it('keeps an image written as HTML through Rich text, typing and saving', async () => {
    const title = `Image kept ${stamp}`;
    await newPost(title);
    await page.getByText('HTML', { exact: true }).click();
    await content().fill('<p><img src="/uploads/gallery-1.webp" alt="Field officers"></p>');
    await page.getByText('Rich text', { exact: true }).click();
    await content().focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Typed after the image.');
    await save();
    const post = await savedPost(title);
    expect(post.content).toBe('<p><img src="/uploads/gallery-1.webp" alt="Field officers"> Typed after the image.</p>');
  });

  it('keeps markup it cannot hold in the HTML view, says why, and saves it untouched', async () => {
    const title = `Class kept ${stamp}`;
    await newPost(title);
    await page.getByText('HTML', { exact: true }).click();
    await content().fill('<p class="lead">An introduction</p>');
    await page.getByText('Rich text', { exact: true }).click();
    await page.getByText(/cannot hold everything here/).waitFor();
    await page.getByText(/class="lead" on <p>/).waitFor();
    // Still the HTML view, with what was typed.
    expect(await content().inputValue()).toBe('<p class="lead">An introduction</p>');
    await save();
    expect((await savedPost(title)).content).toBe('<p class="lead">An introduction</p>');

    // Opened again later, it starts in the HTML view.
    await page.goto(`${app.baseUrl}/admin/post/form/${(await savedPost(title)).id}`);
    await page.getByText(/cannot hold everything here/).waitFor();
    expect(await content().inputValue()).toBe('<p class="lead">An introduction</p>');
  });

  it('inserts an image with alt text, a YouTube player and a table from the toolbar; the public post shows all three', async () => {
    const title = `Inserted ${stamp}`;
    await newPost(title);
    await content().click();
    await page.keyboard.type('Before the media.');
    await page.getByRole('button', { name: 'Image', exact: true }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Insert image' });
    await imageDialog.getByLabel('Image address').fill('/uploads/gallery-2.webp');
    await imageDialog.getByLabel('Alt text').fill('A training class');
    await imageDialog.getByRole('button', { name: 'Insert' }).click();
    await page.getByRole('button', { name: 'Video', exact: true }).click();
    const videoDialog = page.getByRole('dialog', { name: 'Insert a YouTube video' });
    await videoDialog.getByLabel('YouTube address').fill('https://youtu.be/dQw4w9WgXcQ');
    await videoDialog.getByRole('button', { name: 'Insert' }).click();
    // A table after them: the cursor lands in its first (header) cell.
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await page.keyboard.type('District');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Branches');
    await save();
    const post = await savedPost(title);
    expect(post.content).toContain('<img src="/uploads/gallery-2.webp" alt="A training class">');
    expect(post.content).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(post.content).toMatch(/<table[^>]*>[\s\S]*<th[^>]*>[\s\S]*District[\s\S]*Branches[\s\S]*<\/table>/);

    // The public post shows both.
    const slug = (
      await app.api<{ data: { data: { title: string; slug: string }[] } }>('GET', `posts?search_key=${encodeURIComponent(title)}`)
    ).body.data.data[0]!.slug;
    const visitor = await (await fixture.browser.newContext()).newPage();
    await visitor.goto(`${app.baseUrl}/news/${slug}`);
    await visitor.getByRole('img', { name: 'A training class' }).waitFor();
    await visitor.locator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]').waitFor();
    await visitor.getByRole('columnheader', { name: 'Branches' }).waitFor();
    await visitor.context().close();
  });
});

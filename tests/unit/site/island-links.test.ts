// @vitest-environment jsdom
/** Which link clicks the islands navigator (and the app's router) open in place (islands/links.ts). */
import { beforeEach, describe, expect, it } from 'vitest';
import { inPageNavigation, isSitePage } from '../../../src/client/islands/links';

function click(html: string, init: MouseEventInit = {}): MouseEvent {
  document.body.innerHTML = html;
  const target = document.querySelector('[data-target]') ?? document.querySelector('a')!;
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  target.dispatchEvent(event);
  return event;
}

const opened = (html: string, init?: MouseEventInit) => inPageNavigation(click(html, init))?.href ?? null;

describe('in-page navigation', () => {
  beforeEach(() => window.history.replaceState({}, '', '/about'));

  it('opens a public page in place, from the link or anything inside it', () => {
    expect(opened('<a href="/news?page=2">News</a>')).toBe(`${window.location.origin}/news?page=2`);
    expect(opened('<a href="/contact"><span data-target>Contact</span></a>')).toBe(`${window.location.origin}/contact`);
  });

  it("leaves the browser's gestures, other tabs, downloads and other sites to the browser", () => {
    expect(opened('<a href="/news">News</a>', { ctrlKey: true })).toBeNull();
    expect(opened('<a href="/news">News</a>', { metaKey: true })).toBeNull();
    expect(opened('<a href="/news">News</a>', { button: 1 })).toBeNull();
    expect(opened('<a href="/news" target="_blank">News</a>')).toBeNull();
    expect(opened('<a href="/news" download>News</a>')).toBeNull();
    expect(opened('<a href="https://example.com/news">News</a>')).toBeNull();
  });

  it('leaves the back-office, the API, files and jumps within the page to the browser', () => {
    for (const href of [
      '/admin',
      '/admin/post',
      '/cms/pages/about',
      '/uploads/a.webp',
      '/sitemap.xml',
      '/app-shell',
      '/file.pdf',
    ]) {
      expect(opened(`<a href="${href}">x</a>`), href).toBeNull();
    }
    expect(opened('<a href="#team">Team</a>')).toBeNull();
    expect(isSitePage(new URL('/administrators', window.location.origin))).toBe(true);
  });

  it('leaves a click something else has handled', () => {
    document.body.innerHTML = '<a href="/news">News</a>';
    document.querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(event);
    expect(inPageNavigation(event)).toBeNull();
  });
});

/**
 * What a new visitor tripped over (issue #56), in Chromium against the seeded demo: the slider's
 * controls never cover its text and its dots are large enough to hit, at a phone's and a laptop's
 * width, in both languages; on a phone its picture is a file chosen for the tall box it covers.
 */
import { describe, expect, it } from 'vitest';
import { RENDITION_WIDTHS, RENDITIONS_DIR } from '../../src/shared/renditions';
import { open, site, useSite } from './site-fixture';

useSite();

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const overlaps = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0;

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const cases = VIEWPORTS.flatMap((viewport) => ['/', '/bn/'].map((path) => ({ path, viewport })));

describe('the home slider', () => {
  it.each(cases)(
    'on $path at $viewport.width px its arrows and dots leave every slide’s text alone',
    async ({ path, viewport }) => {
      const page = await open(path, viewport);
      await page.locator('section[data-slider="playing"] .swiper-initialized .swiper-slide-active').waitFor();
      await page.locator('.swiper-button-next').waitFor({ state: 'visible' });
      const found = await page.evaluate(() => {
        const box = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
        // Every slide's words and its button, line by line: a cross-fade lays every slide over the same box.
        const texts: { text: string; box: ReturnType<typeof box> }[] = [];
        for (const slide of document.querySelectorAll('.swiper-slide')) {
          const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects()) if (r.width > 0) texts.push({ text: node.textContent.trim(), box: box(r) });
          }
          for (const button of slide.querySelectorAll('a'))
            texts.push({ text: `${button.textContent} (button)`, box: box(button.getBoundingClientRect()) });
        }
        const arrows = [...document.querySelectorAll('.swiper-button-prev, .swiper-button-next')].map((el) => ({
          name: el.className,
          box: box(el.getBoundingClientRect()),
        }));
        // A dot's hit target: the square around its centre in which a tap lands on that dot.
        const dots = [...document.querySelectorAll<HTMLElement>('.swiper-pagination-bullet')].map((dot, index) => {
          const r = dot.getBoundingClientRect();
          const [x, y] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
          const hits = (dx: number, dy: number) =>
            document.elementFromPoint(x + dx, y + dy)?.closest('.swiper-pagination-bullet') === dot;
          const reach = (dx: number, dy: number) => {
            let n = 0;
            while (n < 40 && hits(dx * (n + 1), dy * (n + 1))) n++;
            return n;
          };
          const [left, right, up, down] = [reach(-1, 0), reach(1, 0), reach(0, -1), reach(0, 1)];
          // Counted in whole pixels: the centre's and those reached either way.
          return {
            name: `dot ${index + 1}`,
            box: { left: x - left, right: x + right + 1, top: y - up, bottom: y + down + 1 },
            width: left + right + 1,
            height: up + down + 1,
          };
        });
        return { texts, controls: [...arrows, ...dots], dots };
      });
      expect(found.texts.length).toBeGreaterThan(0);
      expect(found.dots.length).toBeGreaterThan(1);
      // WCAG 2.2, 2.5.8: a target of at least 24 × 24 CSS pixels.
      const small = found.dots
        .filter((dot) => dot.width < 24 || dot.height < 24)
        .map((dot) => `${dot.name} is hit on ${dot.width} × ${dot.height} px`);
      const covered = found.controls.flatMap((control) =>
        found.texts.filter((text) => overlaps(control.box, text.box)).map((text) => `${control.name} covers “${text.text}”`),
      );
      expect([...small, ...covered]).toEqual([]);
      await page.close();
    },
  );
});

describe('the hero’s picture on a phone', () => {
  it('is a file as wide as the box it covers, not the viewport: no stretching on a tall phone screen', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
    try {
      const page = await context.newPage();
      await page.goto(`${site.app.baseUrl}/`);
      const image = page.locator('.swiper-slide img').first();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc !== '')).toBe(true);
      const drawn = await image.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        // object-fit: cover draws the picture at the larger of the two scales that fill the box.
        const scale = Math.max(box.width / img.naturalWidth, box.height / img.naturalHeight);
        return { src: img.currentSrc, cssWidth: img.naturalWidth * scale, dpr: devicePixelRatio };
      });
      const chosen = Number(new RegExp(`/${RENDITIONS_DIR}/(\\d+)/`).exec(drawn.src)?.[1]);
      const widest = Math.max(...RENDITION_WIDTHS);
      // The file chosen is at least as wide as the picture is drawn in device pixels, or the widest there is.
      expect(chosen, drawn.src).toBeGreaterThanOrEqual(Math.min(widest, Math.ceil(drawn.cssWidth * drawn.dpr)));
    } finally {
      await context.close();
    }
  });
});

// @vitest-environment jsdom
/**
 * Which addresses get renditions, and the markup that lets the browser pick one: a `<picture>`
 * for the site's own images, `srcset` on uploaded pictures inside stored HTML.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renditionSrcSet, resizableName, thumbnailUrl } from '../../../src/shared/renditions';
import { Picture, SIZES } from '../../../src/client/ui/Picture';
import { sanitizeHtml } from '../../../src/client/ui/sanitize';

describe('renditions', () => {
  it.each([
    ['/uploads/photo-3fa9.png', 'photo-3fa9.png'],
    ['/uploads/a.jpeg', 'a.jpeg'],
    ['/uploads/slider-1.webp', 'slider-1.webp'],
    ['/uploads/anim.gif', undefined], // may be animated: served as it is
    ['/uploads/report.pdf', undefined],
    ['https://cdn.example.org/uploads/photo.png', undefined], // not ours
    ['/uploads/_r/640/photo.png.webp', undefined], // a rendition already
    ['/uploads/../secret.png', undefined],
    ['/images/default-thumb.webp', undefined],
    [null, undefined],
  ])('%s → %s', (src, name) => {
    expect(resizableName(src)).toBe(name);
  });

  it('lists every width with its descriptor; thumbnails are the square WebP frame, cut around the focal point', () => {
    expect(renditionSrcSet('a.png', 'avif').split(', ')).toEqual([
      '/uploads/_r/320/a.png.avif 320w',
      '/uploads/_r/640/a.png.avif 640w',
      '/uploads/_r/960/a.png.avif 960w',
      '/uploads/_r/1280/a.png.avif 1280w',
      '/uploads/_r/1920/a.png.avif 1920w',
    ]);
    expect(thumbnailUrl('/uploads/a.png')).toBe('/uploads/_r/320x320/a.png.webp');
    expect(thumbnailUrl('https://example.org/a.png')).toBe('https://example.org/a.png');
  });

  it('an uploaded picture is a <picture> with AVIF then WebP sources; any other address a plain <img>', () => {
    const ours = renderToStaticMarkup(<Picture src="/uploads/a.png" sizes={SIZES.full} alt="" width={1600} height={900} />);
    expect(ours).toMatch(
      /^<picture[^>]*><source type="image\/avif" srcSet="\/uploads\/_r\/320\/a\.png\.avif 320w, [^"]+" sizes="100vw"\/>/,
    );
    expect(ours).toContain('<source type="image/webp"');
    expect(ours).toMatch(/<img src="\/uploads\/a\.png" alt="" width="1600" height="900"\/><\/picture>$/);
    const theirs = renderToStaticMarkup(<Picture src="https://example.org/a.png" sizes={SIZES.full} alt="x" />);
    expect(theirs).toContain('<img src="https://example.org/a.png" alt="x"/>');
    expect(theirs).not.toContain('<picture');
  });

  it('stored HTML: an uploaded picture gets WebP renditions, an outside one is left as it is', () => {
    const clean = sanitizeHtml('<p><img src="/uploads/a.png" alt="A"><img src="https://example.org/b.png"></p>');
    const [ours, theirs] = [...new DOMParser().parseFromString(clean, 'text/html').images];
    expect(ours!.getAttribute('srcset')).toBe(renditionSrcSet('a.png', 'webp'));
    expect(ours!.getAttribute('sizes')).toBe(SIZES.content);
    expect(theirs!.hasAttribute('srcset')).toBe(false);
  });
});

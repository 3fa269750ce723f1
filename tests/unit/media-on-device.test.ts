/** What the device decides about a photo before it uploads, and the pieces the site reads back. */
import { describe, expect, it } from 'vitest';
import { choose, isShrinkable, renamed } from '../../src/client/admin/media/shrink-plan';
import { focalPositionFor } from '../../src/client/ui/LazyImage';
import { isPendingRef, isPendingToken, newPendingToken, pendingRef, pendingTokenOf } from '../../src/shared/pending-upload';
import { parseSize, renditionUrl } from '../../src/shared/renditions';

const blob = (type: string, size: number) => new Blob([new Uint8Array(size)], { type });

describe('choosing what goes up', () => {
  it('sends a JPEG encoded again, even when that is not smaller: that is what drops its GPS position', () => {
    const original = blob('image/jpeg', 1000);
    const encoded = blob('image/webp', 1200);
    expect(choose(original, { blob: encoded, scaled: false })).toBe(encoded);
  });

  it('keeps a screenshot or a logo that is small enough as it is (its pixels stay sharp); scales a large one', () => {
    const png = blob('image/png', 5000);
    const webp = blob('image/webp', 900);
    expect(choose(png, { blob: webp, scaled: false })).toBe(png);
    expect(choose(png, { blob: webp, scaled: true })).toBe(webp);
    const ownWebp = blob('image/webp', 1000);
    expect(choose(ownWebp, { blob: blob('image/webp', 600), scaled: false })).toBe(ownWebp);
  });

  it('keeps a PNG whose only other form is a JPEG: its transparency would be lost', () => {
    const png = blob('image/png', 50_000_000);
    expect(choose(png, { blob: blob('image/jpeg', 800), scaled: true })).toBe(png);
  });

  it('makes only photos smaller, and names the result by its new type', () => {
    expect(['image/jpeg', 'image/png', 'image/webp'].every(isShrinkable)).toBe(true);
    expect(['image/gif', 'image/avif', 'application/pdf'].some(isShrinkable)).toBe(false);
    expect(renamed('IMG_2041.JPG', 'image/webp')).toBe('IMG_2041.webp');
    expect(renamed('scan.png', 'image/jpeg')).toBe('scan.jpg');
    expect(renamed('.jpg', 'image/webp')).toBe('photo.webp');
  });
});

describe('pending references', () => {
  it('are made of a version 4 UUID, and only that is read back as one', () => {
    const token = newPendingToken();
    expect(token).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(isPendingToken(token)).toBe(true);
    expect(pendingTokenOf(pendingRef(token))).toBe(token);
    expect(isPendingRef(pendingRef(token))).toBe(true);
    for (const other of ['/uploads/a.png', 'pending-upload:', 'pending-upload:../../etc', `x${pendingRef(token)}`, 42, null]) {
      expect(isPendingRef(other)).toBe(false);
    }
  });
});

describe('frames and focal points', () => {
  it('names frames by width and height, and knows only the ones it makes', () => {
    expect(renditionUrl('a-1.png', { width: 320, height: 320 }, 'webp')).toBe('/uploads/_r/320x320/a-1.png.webp');
    expect(parseSize('320x320')).toEqual({ width: 320, height: 320 });
    expect(parseSize('1200x630')).toEqual({ width: 1200, height: 630 });
    expect(parseSize('640')).toEqual({ width: 640 });
    for (const unknown of ['500', '320x321', '320x', 'x320', '640x640x1', 'abc']) expect(parseSize(unknown)).toBeUndefined();
  });

  it('puts only a position in the style', () => {
    expect(focalPositionFor({ '/uploads/a.png': '25% 80%' }, '/uploads/a.png')).toBe('25% 80%');
    expect(focalPositionFor({ '/uploads/a.png': '25% 80%' }, '/uploads/b.png')).toBeUndefined();
    expect(focalPositionFor({ '/uploads/a.png': '1px; background:url(x)' }, '/uploads/a.png')).toBeUndefined();
    expect(focalPositionFor(undefined, '/uploads/a.png')).toBeUndefined();
  });
});

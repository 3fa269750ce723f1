import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { galleryTabsMachine, type GalleryTabsEvent } from './gallery-tabs';

function start(...events: GalleryTabsEvent[]) {
  const actor = createActor(galleryTabsMachine).start();
  for (const event of events) actor.send(event);
  return actor;
}

const open = (index: number, count = 3): GalleryTabsEvent => ({ type: 'lightbox.open', index, count });

describe('gallery-tabs machine', () => {
  it('starts on the image grid with no image open', () => {
    const snap = start().getSnapshot();
    expect(snap.value).toEqual({ showingImages: 'browsingGrid' });
    expect(snap.context).toEqual({ openIndex: null, imageCount: 0 });
  });

  it('tab.youtube shows the videos and tab.image brings the grid back', () => {
    const actor = start({ type: 'tab.youtube' });
    expect(actor.getSnapshot().value).toBe('showingVideos');
    actor.send({ type: 'tab.image' });
    expect(actor.getSnapshot().value).toEqual({ showingImages: 'browsingGrid' });
  });

  it('tab.youtube again while on videos stays on videos', () => {
    expect(start({ type: 'tab.youtube' }, { type: 'tab.youtube' }).getSnapshot().value).toBe('showingVideos');
  });

  it('tab.image while on the grid keeps the grid', () => {
    expect(start({ type: 'tab.image' }).getSnapshot().value).toEqual({ showingImages: 'browsingGrid' });
  });

  it('lightbox.open with an index in the list opens that image', () => {
    const snap = start(open(1)).getSnapshot();
    expect(snap.value).toEqual({ showingImages: 'viewingImage' });
    expect(snap.context).toEqual({ openIndex: 1, imageCount: 3 });
  });

  it.each([
    ['negative', -1, 3],
    ['past the end', 3, 3],
    ['in an empty list', 0, 0],
    ['fractional', 0.5, 3],
  ])('lightbox.open with an index %s is refused', (_label, index, count) => {
    const snap = start(open(index, count)).getSnapshot();
    expect(snap.value).toEqual({ showingImages: 'browsingGrid' });
    expect(snap.context.openIndex).toBeNull();
  });

  it('lightbox.open is ignored on the video tab', () => {
    const snap = start({ type: 'tab.youtube' }, open(0)).getSnapshot();
    expect(snap.value).toBe('showingVideos');
    expect(snap.context.openIndex).toBeNull();
  });

  it('lightbox.next moves forward and stops at the last image', () => {
    const actor = start(open(1), { type: 'lightbox.next' });
    expect(actor.getSnapshot().context.openIndex).toBe(2);
    actor.send({ type: 'lightbox.next' });
    expect(actor.getSnapshot().context.openIndex).toBe(2);
    expect(actor.getSnapshot().value).toEqual({ showingImages: 'viewingImage' });
  });

  it('lightbox.previous moves back and stops at the first image', () => {
    const actor = start(open(1), { type: 'lightbox.previous' });
    expect(actor.getSnapshot().context.openIndex).toBe(0);
    actor.send({ type: 'lightbox.previous' });
    expect(actor.getSnapshot().context.openIndex).toBe(0);
  });

  it('lightbox.next and lightbox.previous do nothing on the grid', () => {
    const snap = start({ type: 'lightbox.next' }, { type: 'lightbox.previous' }).getSnapshot();
    expect(snap.value).toEqual({ showingImages: 'browsingGrid' });
    expect(snap.context.openIndex).toBeNull();
  });

  it('lightbox.close returns to the grid and forgets the image', () => {
    const snap = start(open(2), { type: 'lightbox.close' }).getSnapshot();
    expect(snap.value).toEqual({ showingImages: 'browsingGrid' });
    expect(snap.context).toEqual({ openIndex: null, imageCount: 0 });
  });

  it('switching to videos with an image open closes the lightbox, and images come back as the grid', () => {
    const actor = start(open(2), { type: 'tab.youtube' });
    expect(actor.getSnapshot().value).toBe('showingVideos');
    expect(actor.getSnapshot().context.openIndex).toBeNull();
    actor.send({ type: 'tab.image' });
    expect(actor.getSnapshot().value).toEqual({ showingImages: 'browsingGrid' });
  });

  it('tab.image while an image is open keeps it open', () => {
    const snap = start(open(0), { type: 'tab.image' }).getSnapshot();
    expect(snap.value).toEqual({ showingImages: 'viewingImage' });
    expect(snap.context.openIndex).toBe(0);
  });
});

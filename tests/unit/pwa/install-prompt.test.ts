import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** A stand-in for Chromium's BeforeInstallPromptEvent. */
function installOffer() {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<unknown>;
  };
  event.prompt = vi.fn(async () => undefined);
  event.userChoice = Promise.resolve({ outcome: 'accepted' });
  return event;
}

describe('the install offer', () => {
  const target = new EventTarget();
  beforeAll(() => vi.stubGlobal('window', target));
  afterAll(() => vi.unstubAllGlobals());

  it('is kept from the moment the browser makes it, used once, and gone after installing', async () => {
    const { canInstall, listenForInstallOffer, promptInstall, subscribeInstallOffer } =
      await import('../../../src/client/pwa/install-prompt');
    listenForInstallOffer();
    const changes = vi.fn();
    subscribeInstallOffer(changes);
    expect(canInstall()).toBe(false);

    const first = installOffer();
    target.dispatchEvent(first);
    // The browser's own mini-infobar is held back; our button makes the offer.
    expect(first.defaultPrevented).toBe(true);
    expect(canInstall()).toBe(true);

    await promptInstall();
    expect(first.prompt).toHaveBeenCalledTimes(1);
    expect(canInstall()).toBe(false);

    target.dispatchEvent(installOffer());
    expect(canInstall()).toBe(true);
    target.dispatchEvent(new Event('appinstalled'));
    expect(canInstall()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(4);
  });
});

/**
 * A device as a person names it ("Chrome on Windows", "Safari on iPhone") from its User-Agent
 * text. The text's grammar is a history of browsers pretending to be each other, so it is read by
 * a kept parser (bowser) rather than by patterns of our own that would age with each release.
 */
import Bowser from 'bowser';
import type { AdminText } from '../i18n';

/** The parts of a device's name: its browser, and the phone or tablet model or the system it runs. */
export function deviceParts(userAgent: string): { browser: string; system: string } {
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ?? '';
  // Apple names its devices rather than the system on them: people say "on iPhone", not "on iOS".
  const model = parsed.platform.vendor === 'Apple' ? (parsed.platform.model ?? '') : '';
  const system = /^iP(hone|ad|od)/.test(model) ? model : (parsed.os.name ?? '');
  return { browser, system };
}

/** "Chrome on Windows"; the browser or the system alone when only one is known; else "Unknown device". */
export function deviceName(userAgent: string | null | undefined, t: AdminText): string {
  if (!userAgent) return t('profile.unknownDevice');
  const { browser, system } = deviceParts(userAgent);
  if (browser && system) return t('profile.deviceName', { browser, system });
  return browser || system || t('profile.unknownDevice');
}

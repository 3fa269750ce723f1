/**
 * Which of the service worker's requests its `cms-reads` cache keeps: a visitors' read of this
 * origin's content API, in the server's one spelling of addresses (`/cms/%61pi/…` is the admin
 * API), never a preview, and never one asked with credentials, since that cache answers whoever asks
 * the address next. The back-office's own offline copies live elsewhere (the persisted queries).
 */
import { isPublicApiAddress, normalizedAddress } from '../../shared/address-space';

export const keepsPublicRead = (url: URL, request: { headers: Headers }, origin: string) =>
  url.origin === origin &&
  isPublicApiAddress(normalizedAddress(url.pathname)) &&
  !url.searchParams.has('preview') &&
  !request.headers.has('authorization');

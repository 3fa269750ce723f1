/**
 * Where a webhook may be delivered: not to this machine or the private network it sits in
 * (loopback, private, link-local, carrier-grade NAT, unique-local), unless the installation says so
 * (WEBHOOKS_ALLOW_PRIVATE=true, for a receiver on the same host). Checked on the address actually
 * connected to, after the name was resolved, so a name that resolves to a public address when
 * saved and to 127.0.0.1 when sent (DNS rebinding) is refused all the same.
 */
import dns from 'node:dns';
import net from 'node:net';

const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = net.isIP(address);
  return family === 0 ? false : PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateTargetError extends Error {
  constructor(address: string) {
    super(`Refused: ${address} is a private or local address (set WEBHOOKS_ALLOW_PRIVATE=true to allow it)`);
  }
}

/** A `lookup` for http.request that refuses private addresses (net.connect calls it for names). */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(new PrivateTargetError(refused.address), '', 0);
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

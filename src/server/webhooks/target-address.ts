/**
 * Where a webhook may be delivered: only to a global unicast address, never to this machine, the
 * private network it sits in, or any range set apart for a special purpose (loopback, private,
 * link-local, carrier-grade NAT, unique-local, documentation, benchmarking, multicast, reserved),
 * unless the installation says so (WEBHOOKS_ALLOW_PRIVATE=true, for a receiver on the same host).
 * Checked on the address actually connected to, after the name was resolved, so a name that
 * resolves to a public address when saved and to 127.0.0.1 when sent (DNS rebinding) is refused
 * all the same.
 *
 * An allow-list, so a range nobody listed is refused: IPv4 outside the IANA special-purpose
 * registry, IPv6 in 2000::/3 outside the special ranges inside it. An IPv6 address that carries
 * an IPv4 one (IPv4-mapped, NAT64 64:ff9b::/96, 6to4 2002::/16) reaches that IPv4 address, and is
 * judged by it.
 */
import dns from 'node:dns';
import net from 'node:net';

const blockList = (family: 'ipv4' | 'ipv6', ranges: readonly (readonly [string, number])[]) => {
  const list = new net.BlockList();
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, family);
  return list;
};

/** The IANA IPv4 special-purpose registry, with multicast, reserved and broadcast (224.0.0.0/3). */
const SPECIAL_V4 = blockList('ipv4', [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['192.175.48.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
]);

/** Global unicast IPv6: everything else (::/96, ::1, fc00::/7, fe80::/10, fec0::/10, ff00::/8 …) is not. */
const GLOBAL_V6 = blockList('ipv6', [['2000::', 3]]);

/** The IANA IPv6 special-purpose ranges inside 2000::/3 (6to4 is judged by the address it carries). */
const SPECIAL_V6 = blockList('ipv6', [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2620:4f:8000::', 48],
  ['3fff::', 20],
]);

/** The eight 16-bit groups of an IPv6 address (`net.isIP` said it is one). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const dottedOf = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 one reaches: IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16). */
function carriedIpv4(groups: number[]): string | undefined {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return dottedOf(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return dottedOf(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return dottedOf(groups[1]!, groups[2]!);
  return undefined;
}

/** Whether `address` (an IP literal) is anything but global unicast. A name is not an address: false. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return SPECIAL_V4.check(address, 'ipv4');
  if (family === 0) return false;
  const groups = ipv6Groups(address);
  const ipv4 = carriedIpv4(groups);
  if (ipv4) return SPECIAL_V4.check(ipv4, 'ipv4');
  const canonical = groups.map((group) => group.toString(16)).join(':');
  return !GLOBAL_V6.check(canonical, 'ipv6') || SPECIAL_V6.check(canonical, 'ipv6');
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

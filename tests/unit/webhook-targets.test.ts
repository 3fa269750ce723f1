/**
 * A webhook goes only to a global unicast address (issue 53, L6): each special-purpose range with
 * an address inside it (refused) and one just outside it (allowed, unless another range holds it),
 * and IPv6 addresses that carry an IPv4 one judged by it.
 */
import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../src/server/webhooks/target-address';

const REFUSED = true;
const ALLOWED = false;

describe('webhook target addresses', () => {
  it.each([
    // IPv4: the IANA special-purpose registry, multicast, reserved and broadcast.
    ['0.255.255.255', REFUSED],
    ['1.0.0.0', ALLOWED],
    ['10.255.255.255', REFUSED],
    ['11.0.0.0', ALLOWED],
    ['100.64.0.1', REFUSED],
    ['100.127.255.255', REFUSED],
    ['100.63.255.255', ALLOWED],
    ['100.128.0.0', ALLOWED],
    ['127.0.0.1', REFUSED],
    ['128.0.0.0', ALLOWED],
    ['169.254.169.254', REFUSED],
    ['169.255.0.0', ALLOWED],
    ['172.31.255.255', REFUSED],
    ['172.32.0.0', ALLOWED],
    ['192.0.0.8', REFUSED],
    ['192.0.1.0', ALLOWED],
    ['192.0.2.1', REFUSED],
    ['192.0.3.0', ALLOWED],
    ['192.88.99.1', REFUSED],
    ['192.88.100.0', ALLOWED],
    ['192.168.1.1', REFUSED],
    ['192.169.0.0', ALLOWED],
    ['198.18.0.1', REFUSED],
    ['198.19.255.255', REFUSED],
    ['198.17.255.255', ALLOWED],
    ['198.20.0.0', ALLOWED],
    ['198.51.100.7', REFUSED],
    ['198.51.101.0', ALLOWED],
    ['203.0.113.9', REFUSED],
    ['203.0.114.0', ALLOWED],
    ['224.0.0.1', REFUSED],
    ['239.255.255.250', REFUSED],
    ['240.0.0.1', REFUSED],
    ['255.255.255.255', REFUSED],
    ['223.255.255.255', ALLOWED],
    ['93.184.216.34', ALLOWED],
    // IPv6 outside 2000::/3: unspecified, loopback, IPv4-compatible (::/96), unique-local,
    // link-local, site-local (fec0::/10), multicast; and the edges of 2000::/3.
    ['::', REFUSED],
    ['::1', REFUSED],
    ['::8.8.8.8', REFUSED],
    ['::808:808', REFUSED],
    ['fd00::1', REFUSED],
    ['fe80::1', REFUSED],
    ['fe80::1%eth0', REFUSED],
    ['fec0::1', REFUSED],
    ['feff:ffff::1', REFUSED],
    ['ff02::1', REFUSED],
    ['1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', REFUSED],
    ['2000::1', ALLOWED],
    ['4000::1', REFUSED],
    // Special ranges inside 2000::/3.
    ['2001::1', REFUSED],
    ['2001:1ff:ffff::1', REFUSED],
    ['2001:200::1', ALLOWED],
    ['2001:db8::1', REFUSED],
    ['2001:db9::1', ALLOWED],
    ['3fff::1', REFUSED],
    ['3fff:fff::1', REFUSED],
    ['3fff:1000::1', ALLOWED],
    ['3ffe:ffff::1', ALLOWED],
    ['2606:4700::1111', ALLOWED],
    // IPv6 carrying an IPv4 address: judged by it.
    ['::ffff:10.0.0.1', REFUSED],
    ['::ffff:127.0.0.1', REFUSED],
    ['::ffff:7f00:1', REFUSED],
    ['::ffff:8.8.8.8', ALLOWED],
    ['64:ff9b::7f00:1', REFUSED],
    ['64:ff9b::127.0.0.1', REFUSED],
    ['64:ff9b::a9fe:a9fe', REFUSED],
    ['64:ff9b::808:808', ALLOWED],
    ['64:ff9b:1::808:808', REFUSED],
    ['2002:7f00:1::1', REFUSED],
    ['2002:c0a8:101::', REFUSED],
    ['2002:808:808::1', ALLOWED],
  ])('%s is refused: %s', (address, refused) => expect(isPrivateAddress(address)).toBe(refused));

  it('takes a name for no address (the lookup checks what it resolves to)', () => {
    expect(isPrivateAddress('hooks.example.org')).toBe(false);
  });
});

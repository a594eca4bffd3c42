/**
 * Covers come from addresses the service stores for each work, written by people: a cover must
 * never make kiroku reach its own host or network (Redis, PostgreSQL, the metrics port, a cloud
 * metadata endpoint). Every connection, redirects included, is checked after name resolution.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is on the public internet (not loopback, private, link-local or reserved). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries. (A subnet of
  // them in the list would also match every IPv4 address: BlockList compares them as one.)
  if (family === 6 && /^::ffff:(\d+\.){3}\d+$/i.test(address)) return isPublicAddress(address.slice(7));
  return !PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
}

/** DNS lookup that refuses names resolving to a non-public address. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    const first = addresses[0];
    if (refused || !first) {
      return callback(new PrivateAddressError(`${hostname} is not a public address`), '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, first.address, first.family);
  });
};

/** undici's connector, with every connection (by name or by address) held to public addresses. */
export function publicConnector(): buildConnector.connector {
  const connect = buildConnector({ lookup: publicLookup });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isPublicAddress(host)) {
      callback(new PrivateAddressError(`${host} is not a public address`), null);
      return;
    }
    connect(options, callback);
  };
}

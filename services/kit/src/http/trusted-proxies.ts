import proxyAddr from '@fastify/proxy-addr';
import { ConfigError } from '../config/load-config.ts';

/**
 * Fastify's `trustProxy`: asked for each address from the socket's leftwards through
 * X-Forwarded-For (hop 0 is the socket) whether it is a proxy whose record of the client may be read.
 */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * Believes X-Forwarded-For only from proxies at `addresses` (comma-separated addresses, CIDR
 * ranges, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`), at most `hops` of them in
 * a row. The client is the first address that is not such a proxy, so one that reaches the port
 * directly is known by its socket whatever header it writes.
 */
export function trustProxies(addresses: string, hops: number): TrustProxy {
  let listed: TrustProxy;
  try {
    listed = proxyAddr.compile(
      addresses
        .split(',')
        .map((address) => address.trim())
        .filter((address) => address !== ''),
    );
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  TRUSTED_PROXIES: ${(error as Error).message}`);
  }
  return (address, hop) => hop < hops && listed(address, hop);
}

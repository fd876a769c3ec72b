import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why an outbound request was refused; the message names no internals beyond the address kind. */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_REFUSED_ADDRESS';
}

const REFUSED = 'resolves to a loopback, private, link-local, multicast or metadata address';

/**
 * True for a globally routable unicast address. Everything else is refused: loopback, private
 * (RFC 1918, unique-local), link-local (which holds the cloud metadata address 169.254.169.254),
 * carrier-grade NAT, multicast, broadcast, unspecified and reserved ranges, and IPv6 forms that
 * embed an IPv4 address (mapped, 6to4, Teredo), which are judged by the address they embed or refused.
 */
export function isPublicAddress(address: string): boolean {
  const ip = parsed(address);
  return ip !== null && ip.range() === 'unicast';
}

/** The address parsed, an IPv4-mapped IPv6 address as the IPv4 address it embeds; null if not an address. */
function parsed(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  const ip = ipaddr.parse(address);
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The guard on every request the service makes to a URL a caller gave (webhooks, the agent's URL
 * knowledge). The URL is checked when it is stored, and the address a socket connects to is
 * checked again at connect time (`lookup`), so a host that resolves elsewhere later (DNS
 * rebinding) is still refused. ALLOW_PRIVATE_URLS turns both checks off; ALLOW_PRIVATE_ADDRESSES
 * lets a few private ranges through (an internal HR system) while everything else stays refused.
 */
export class OutboundGuard {
  private readonly allowed: [ipaddr.IPv4 | ipaddr.IPv6, number][];

  constructor(
    readonly allowPrivate: boolean,
    allowedRanges: string[] = [],
  ) {
    this.allowed = allowedRanges.map((range) => ipaddr.parseCIDR(range));
  }

  /** True for a public address or one inside an allowed range. */
  permits(address: string): boolean {
    if (this.allowPrivate || isPublicAddress(address)) return true;
    const ip = parsed(address);
    return ip !== null && this.allowed.some(([base, bits]) => base.kind() === ip.kind() && ip.match(base, bits));
  }

  /** Parses an http(s) URL and, unless private addresses are allowed, resolves its host and refuses addresses it does not permit. */
  async check(field: string, raw: string): Promise<URL> {
    const url = parseHttpUrl(field, raw);
    if (this.allowPrivate) return url;
    const host = hostOf(url);
    const addresses = isIP(host) ? [host] : await resolveAll(host).catch(() => null);
    if (addresses === null) throw new RefusedAddressError(`${field} host ${host} does not resolve`);
    if (!addresses.length || !addresses.every((a) => this.permits(a)))
      throw new RefusedAddressError(`${field} ${REFUSED}`);
    return url;
  }

  /** Refuses a URL whose host is an IP literal the guard does not permit (sockets skip `lookup` for those). */
  assertLiteralAllowed(url: URL): void {
    const host = hostOf(url);
    if (isIP(host) && !this.permits(host)) throw new RefusedAddressError(`url ${REFUSED}`);
  }

  /** A `net.connect` lookup that refuses addresses the guard does not permit (with `all` it keeps the permitted ones). */
  readonly lookup = (
    hostname: string,
    options: LookupOneOptions | LookupAllOptions,
    callback: LookupCallback,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = addresses.filter((a) => this.permits(a.address));
      if (!allowed.length) return callback(new RefusedAddressError(`${hostname} ${REFUSED}`), []);
      if ((options as LookupAllOptions).all) return callback(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}

export function parseHttpUrl(field: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedAddressError(`${field} must be an absolute http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RefusedAddressError(`${field} must be an absolute http(s) URL`);
  if (url.username || url.password) throw new RefusedAddressError(`${field} must not carry credentials`);
  return url;
}

/** The host without the brackets of an IPv6 literal. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    );
  });
}

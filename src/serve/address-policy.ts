/**
 * Which IP addresses `thresher serve` may connect to when it fetches a URL for a client (SSRF
 * guard). A server that fetches what its clients name must not become their way into the
 * machine's own services, the private network behind it, or a cloud metadata endpoint; so by
 * default only globally routable unicast addresses are allowed.
 *
 * The check is on addresses, after DNS resolution (fetch-url.ts connects to the very address that
 * was checked), never on host names: a name can resolve anywhere. An IPv6 address that carries an
 * IPv4 one (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4
 * 2002::/16) is judged by the IPv4 address it reaches.
 */
import { isIP } from 'node:net';

/**
 * Decides one connection: the reason it is refused ("loopback", "private", ...), or null to allow
 * it. `port` lets a caller (a test) allow one service without opening a whole range.
 */
export type AddressPolicy = (address: string, family: 4 | 6, port: number) => string | null;

/** [first address as a 32-bit number, prefix length, reason], IPv4. */
const V4_BLOCKS: readonly [number, number, string][] = [
  [v4('0.0.0.0'), 8, 'this network (0.0.0.0/8)'],
  [v4('10.0.0.0'), 8, 'private (10.0.0.0/8)'],
  [v4('100.64.0.0'), 10, 'carrier-grade NAT (100.64.0.0/10)'],
  [v4('127.0.0.0'), 8, 'loopback (127.0.0.0/8)'],
  [v4('169.254.169.254'), 32, 'cloud metadata (169.254.169.254)'],
  [v4('169.254.0.0'), 16, 'link-local (169.254.0.0/16)'],
  [v4('172.16.0.0'), 12, 'private (172.16.0.0/12)'],
  [v4('192.0.0.0'), 24, 'IETF protocol assignments (192.0.0.0/24)'],
  [v4('192.0.2.0'), 24, 'documentation (192.0.2.0/24)'],
  [v4('192.168.0.0'), 16, 'private (192.168.0.0/16)'],
  [v4('198.18.0.0'), 15, 'benchmarking (198.18.0.0/15)'],
  [v4('198.51.100.0'), 24, 'documentation (198.51.100.0/24)'],
  [v4('203.0.113.0'), 24, 'documentation (203.0.113.0/24)'],
  [v4('224.0.0.0'), 4, 'multicast (224.0.0.0/4)'],
  [v4('240.0.0.0'), 4, 'reserved (240.0.0.0/4, broadcast)'],
];

function v4(a: string): number {
  return a.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** The reason an IPv4 address (dotted) is not public, or null when it is. */
function v4Reason(n: number): string | null {
  for (const [base, bits, reason] of V4_BLOCKS) {
    const size = 2 ** (32 - bits);
    if (n >= base && n < base + size) return reason;
  }
  return null;
}

/** An IPv6 address as eight 16-bit groups (zone id dropped, an embedded dotted IPv4 read), or null. */
export function parseV6(address: string): number[] | null {
  let a = address.toLowerCase();
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  if (a.startsWith('[') && a.endsWith(']')) a = a.slice(1, -1);
  if (isIP(a) !== 6) return null;
  if (a.includes('.')) {
    // A trailing dotted IPv4 is the last two groups: ::ffff:127.0.0.1 is ::ffff:7f00:1.
    const dot = a.lastIndexOf(':');
    const n = v4(a.slice(dot + 1));
    a = `${a.slice(0, dot + 1)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head, rest] = a.includes('::') ? a.split('::') : [a, undefined];
  const left = head ? head.split(':').filter((x) => x !== '').map((x) => parseInt(x, 16)) : [];
  const right = rest ? rest.split(':').filter((x) => x !== '').map((x) => parseInt(x, 16)) : [];
  const fill = 8 - left.length - right.length;
  if (rest === undefined && fill !== 0) return null;
  return [...left, ...new Array(Math.max(0, fill)).fill(0), ...right];
}

/** The reason an IPv6 address (eight groups) is not public, or null when it is. */
function v6Reason(g: number[]): string | null {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const embedded = (hi: number, lo: number) => hi * 65536 + lo;
  if (zeros(0, 8)) return 'unspecified (::)';
  if (zeros(0, 7) && g[7] === 1) return 'loopback (::1)';
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d reach the IPv4 address.
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return v4Reason(embedded(g[6], g[7]));
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4Reason(embedded(g[6], g[7])); // NAT64
  if (g[0] === 0x2002) return v4Reason(embedded(g[1], g[2])); // 6to4
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && zeros(2, 7) && g[7] === 0x254) return 'cloud metadata (fd00:ec2::254)';
  if ((g[0] & 0xfe00) === 0xfc00) return 'unique local (fc00::/7)';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local (fe80::/10)';
  if ((g[0] & 0xffc0) === 0xfec0) return 'site-local (fec0::/10)';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast (ff00::/8)';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentation (2001:db8::/32)';
  if (g[0] === 0x2001 && g[1] === 0) return 'Teredo tunnel (2001::/32)';
  if (g[0] === 0x0100 && zeros(1, 4)) return 'discard-only (100::/64)';
  return null;
}

/** Why `address` (IPv4 or IPv6 text) is not a public unicast address; null when it is. Unparsable: refused. */
export function nonPublicReason(address: string): string | null {
  if (isIP(address) === 4) return v4Reason(v4(address));
  const g = parseV6(address);
  return g ? v6Reason(g) : `not an IP address (${JSON.stringify(address)})`;
}

/** True for loopback addresses (127/8, ::1, and IPv4-mapped loopback). */
export function isLoopback(address: string): boolean {
  return nonPublicReason(address)?.startsWith('loopback') ?? false;
}

/** The default policy: public unicast only; with allowPrivate, everything. */
export function defaultAddressPolicy(allowPrivate = false): AddressPolicy {
  return allowPrivate ? () => null : (address) => nonPublicReason(address);
}

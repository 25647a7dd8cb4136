import { type SchemaValues, schemaText } from './schema-words.ts';

/**
 * Whether a URL's host is somewhere on the public internet. A link the product shows to others (an order picture
 * every chef's browser loads) must not point at the viewer's own machine or network: a loopback, private, link-local
 * or otherwise non-global address, or a name that only resolves locally. Pure, so the site can use it too.
 *
 * Takes `URL#hostname` as the WHATWG parser leaves it (the browser's parser too): IPv4 in any spelling
 * (`0x7f.1`, `2130706433`, `127.1`) is already dotted decimal, IPv6 is bracketed and lowercase.
 */

/**
 * What a non-public host is: its key in the kernel's catalogue (`core.http`, `host.<kind>`) and the English, worded
 * as a schema's own message is (core/shared/schema-words.ts): in the language of the check under way, else English.
 */
export const HOST_KINDS = {
  unspecifiedThisNetwork: 'is an unspecified ("this network") address',
  unspecified: 'is an unspecified address',
  private: 'is a private address',
  carrierGradeNat: 'is a carrier-grade NAT address',
  loopback: 'is a loopback address',
  linkLocal: 'is a link-local address',
  reserved: 'is a reserved address',
  documentation: 'is a documentation address',
  benchmarking: 'is a benchmarking address',
  multicast: 'is a multicast address',
  broadcast: 'is a broadcast address',
  discard: 'is a discard address',
  uniqueLocal: 'is a unique-local address',
  siteLocal: 'is a site-local address',
  localName: 'is a local name',
  invalidAddress: 'is not a valid address',
} as const;
type HostKind = keyof typeof HOST_KINDS;

const hostReason = (kind: HostKind): string => schemaText('core.http', `host.${kind}`, HOST_KINDS[kind]);

/** A non-global range: first address, prefix length, what it is. */
type Range4 = readonly [string, number, HostKind];
type Range6 = readonly [string, number, HostKind];

/** IANA's IPv4 special-purpose ranges that are not globally reachable, plus multicast. */
const IPV4_RANGES: readonly Range4[] = [
  ['0.0.0.0', 8, 'unspecifiedThisNetwork'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrierGradeNat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'linkLocal'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** IPv6 ranges that are not globally reachable. Addresses that embed an IPv4 address are judged by it. */
const IPV6_RANGES: readonly Range6[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'discard'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'uniqueLocal'],
  ['fec0::', 10, 'siteLocal'],
  ['fe80::', 10, 'linkLocal'],
  ['ff00::', 8, 'multicast'],
];

/** IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96) and NAT64 (64:ff9b::/96) addresses carry an IPv4 address. */
const IPV4_EMBEDDING: readonly (readonly [string, number])[] = [
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
];

function ipv4(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

/**
 * The address as 16 bytes, or null when it is not an IPv6 address in hex groups (hostname without its brackets; the
 * URL parser writes an embedded IPv4 address as hex groups too).
 */
function ipv6(host: string): number[] | null {
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const all = [...head, ...Array<string>(fill).fill('0'), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
}

function inRange(address: number[], first: number[], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((address[byte]! & mask) !== (first[byte]! & mask)) return false;
  }
  return true;
}

function ipv4Kind(address: number[]): HostKind | null {
  if (address.every((b) => b === 255)) return 'broadcast';
  for (const [first, prefix, kind] of IPV4_RANGES) if (inRange(address, ipv4(first)!, prefix)) return kind;
  return null;
}

function ipv6Kind(address: number[]): HostKind | null {
  // The ranges first: :: and ::1 are inside ::/96 but are not IPv4 addresses.
  for (const [first, prefix, kind] of IPV6_RANGES) if (inRange(address, ipv6(first)!, prefix)) return kind;
  for (const [first, prefix] of IPV4_EMBEDDING)
    if (inRange(address, ipv6(first)!, prefix)) return ipv4Kind(address.slice(12));
  return null;
}

/**
 * Why a host is not a public one, or null when it is: `'is a loopback address'`, `'is a private address'`,
 * `'is a local name'`… for `127.0.0.1`, `10.1.2.3`, `[::ffff:7f00:1]`, `localhost`, `printer.localhost` and names
 * without a dot (which resolve through the viewer's own network: `https://intranet/`).
 */
export function nonPublicHostReason(hostname: string): string | null {
  const kind = nonPublicHostKind(hostname);
  return kind && hostReason(kind);
}

function nonPublicHostKind(hostname: string): HostKind | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') && host.endsWith(']')) {
    const address = ipv6(host.slice(1, -1));
    return address ? ipv6Kind(address) : 'invalidAddress';
  }
  const v4 = ipv4(host);
  if (v4) return ipv4Kind(v4);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'localName';
  if (!host.includes('.')) return 'localName';
  return null;
}

/**
 * Where a link's problems are worded for its owner: `what` starts the English ('Image URLs', 'A picture'); with
 * `owner`, each problem is a key in that catalogue (`<prefix>.backslash`, `.notUrl` {link}, `.credentials`,
 * `.notHttps` {protocol}, `.notPublic` {host} {reason}), in the language of the check under way
 * (core/shared/schema-words.ts). A plain string: English only.
 */
export type LinkWhat = string | { what: string; owner: string; prefix: string };

function problemText(what: LinkWhat, problem: string, english: string, values: SchemaValues = {}): string {
  return typeof what === 'string' ? english : schemaText(what.owner, `${what.prefix}.${problem}`, english, values);
}

const whatOf = (what: LinkWhat): string => (typeof what === 'string' ? what : what.what);

/**
 * A link as every viewer's browser will read it, or why it is refused: a backslash (browsers read it as a slash:
 * `https:\\127.0.0.1\x.png` is `https://127.0.0.1/x.png`), not a URL, or credentials in it. `what` starts the
 * messages ('Image URLs', 'A picture').
 */
export function readLink(raw: string, what: LinkWhat): URL | string {
  if (raw.includes('\\')) return problemText(what, 'backslash', `${whatOf(what)} may not contain a backslash.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return problemText(what, 'notUrl', `${raw} is not a URL.`, { link: raw });
  }
  if (url.username || url.password)
    return problemText(what, 'credentials', `${whatOf(what)} may not carry credentials.`);
  return url;
}

/** Why a link others' browsers load is not https on a public host, or null when it is. */
export function publicHttpsProblem(url: URL, what: LinkWhat): string | null {
  const { protocol, hostname: host } = url;
  if (protocol !== 'https:')
    return problemText(what, 'notHttps', `${whatOf(what)} must use https (${protocol} is not allowed).`, { protocol });
  const reason = nonPublicHostReason(host);
  return (
    reason &&
    problemText(what, 'notPublic', `${whatOf(what)} must point at a public host: ${host} ${reason}.`, { host, reason })
  );
}

/** The whole rule for a link shown to others that has no exceptions of its own (a store item's picture): readLink, then publicHttpsProblem. */
export function publicLinkProblem(raw: string, what: LinkWhat): string | null {
  const url = readLink(raw, what);
  return typeof url === 'string' ? url : publicHttpsProblem(url, what);
}

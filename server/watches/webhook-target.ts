/**
 * Where a webhook may be sent. Anyone with a key names the address, and the server posts to it: to a
 * loopback, private or link-local address that would let a caller reach what only the server can
 * (a database's HTTP port, a cloud's metadata service at 169.254.169.254). So by default only public
 * addresses are posted to; WATCH_WEBHOOKS_PRIVATE=on allows the rest, for an intranet's own
 * receivers (and the tests'). A literal address or `localhost` is refused when the watch is made
 * (refusedLiteralTarget, from the routes). Any other name is checked before each attempt, on every
 * address it resolves to then (its answer may change after the watch is made); fetch resolves it
 * again, so a name that changes its answer in between is not caught (a pinned resolver would need
 * undici's Agent, not a dependency here).
 */
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

const NOT_PUBLIC = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6')
}

/** Loopback, private, shared, link-local, multicast or reserved (an IPv4 inside IPv6 as its IPv4). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (mapped?.[1]) return isPrivateAddress(mapped[1])
  return NOT_PUBLIC.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4')
}

const refusal = (host: string, address: string) =>
  `${host} is a private address (${address}); this server sends webhooks to public addresses only (WATCH_WEBHOOKS_PRIVATE=on allows others)`

/** `localhost` and its subdomains are loopback by definition (RFC 6761), whatever a resolver says. */
const isLocalhostName = (host: string) => /(^|\.)localhost\.?$/i.test(host)

const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '')

/**
 * Why `url` may not be posted to, in words, judged from the address alone: a literal private
 * address or `localhost`. Null when it may, or when only resolving the name could tell.
 */
export function refusedLiteralTarget(url: string, allowPrivate: boolean): string | null {
  if (allowPrivate) return null
  const host = hostOf(url)
  if (isLocalhostName(host)) return refusal(host, 'loopback')
  return isIP(host) && isPrivateAddress(host) ? refusal(host, host) : null
}

const lookupAll = async (host: string): Promise<string[]> =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

/** Why `url` may not be posted to, in words; null when it may. */
export async function refusedTarget(
  url: string,
  allowPrivate: boolean,
  resolve: (host: string) => Promise<string[]> = lookupAll,
): Promise<string | null> {
  if (allowPrivate) return null
  const literal = refusedLiteralTarget(url, allowPrivate)
  if (literal) return literal
  const host = hostOf(url)
  let addresses: string[]
  try {
    addresses = isIP(host) ? [host] : await resolve(host)
  } catch (e) {
    return `could not resolve ${host}: ${(e as { code?: string }).code ?? (e as Error).message}`
  }
  const inside = addresses.find(isPrivateAddress)
  return inside ? refusal(host, inside) : null
}

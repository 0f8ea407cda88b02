/**
 * When a failed upstream call may be tried again. Hosted parcel APIs bill every request (or every
 * record) they answer, so a retry is allowed only when the request provably never reached the
 * upstream: the connection was refused, the name did not resolve, the connect timed out. Once a
 * connection carried the request, a reset or a timeout may come after the upstream did (and
 * billed) the work, and an answer — any status — is final.
 */

/** Connect-phase failures (Node's and undici's codes): no byte of the request was sent. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
])

/** The error code under a failed fetch (`TypeError: fetch failed` carries it as `cause.code`). */
function failureCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause
  return typeof cause?.code === 'string' ? cause.code : undefined
}

/** For the operator's log: what the network said (`connect ECONNREFUSED 10.0.0.5:443`, `other side closed`). */
export function describeFailure(error: unknown): string {
  const cause = (error as { cause?: unknown } | undefined)?.cause
  const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error)
  const code = failureCode(error)
  return (code && !message.includes(code) ? `${message} (${code})` : message).slice(0, 300)
}

export const neverSent = (error: unknown): boolean => NEVER_SENT.has(failureCode(error) ?? '')

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number
  baseMs: number
  capMs: number
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseMs: 250, capMs: 2000 }

/**
 * Capped exponential backoff with full jitter (a uniformly random wait up to the capped step), so
 * several proxies that lost the upstream together do not come back in lockstep.
 */
export function backoffMs(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(policy.capMs, policy.baseMs * 2 ** retry))
}

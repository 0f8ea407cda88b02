/**
 * A per-key budget of `POST /parcels/query` body bytes (issue 39 §1). Every query body is read and
 * parsed as JSON on the server's one thread before anything can refuse it, so a client looping
 * ~1 MB `owner nin` lists of 50,000 values — each refused 422, the cap being 5,000 — still took
 * point lookups on the embedded database to p99 1,139 ms on 4 connections (BENCHMARKS, "API fairness
 * on the embedded backend"). A size cap cannot tell it apart: the documented caps allow valid query
 * bodies up to the 4 MiB body limit (5,000 values of 1,000 characters is 5 MB). What can: how many
 * bytes one key sends per second. Each key has a bucket of QUERY_BODY_BUDGET.burst bytes, refilled at
 * QUERY_BODY_BUDGET.perSecond; a body is admitted while the bucket is above zero and its declared
 * length (or, sent without one, the length read) is taken from it, so a key may go into debt by one
 * body; over budget the request is answered 503 with Retry-After before its body is read.
 * Per process, like the area slots.
 */

/**
 * 8 MiB at once (two largest bodies, or a comps run's several 20,000-id pages of ~800 KB sent
 * together), then 2 MiB/s: the app's pages are a few KB; a 50,000-value list parses in tens of ms.
 */
export const QUERY_BODY_BUDGET = { burst: 8 * 1024 * 1024, perSecond: 2 * 1024 * 1024 }

/** Keys idle this long are forgotten (their bucket would be full again anyway). */
const FORGET_AFTER_MS = 60_000

export interface ByteBudget {
  /** Admits a body of `declared` bytes (null: not declared) for `owner`, or says how long to wait. */
  admit(owner: string, declared: number | null): { ok: true } | { ok: false; retryAfterS: number }
  /** Takes bytes read without a declared length from the owner's bucket. */
  charge(owner: string, bytes: number): void
}

interface Bucket {
  tokens: number
  at: number
}

export function byteBudget(
  { burst, perSecond }: { burst: number; perSecond: number },
  now: () => number = () => performance.now(),
): ByteBudget {
  const buckets = new Map<string, Bucket>()
  let swept = now()
  const bucketOf = (owner: string): Bucket => {
    const t = now()
    if (t - swept > FORGET_AFTER_MS) {
      swept = t
      for (const [k, b] of buckets) if (t - b.at > FORGET_AFTER_MS) buckets.delete(k)
    }
    let b = buckets.get(owner)
    if (!b) {
      b = { tokens: burst, at: t }
      buckets.set(owner, b)
    }
    b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * perSecond)
    b.at = t
    return b
  }
  return {
    admit(owner, declared) {
      const b = bucketOf(owner)
      if (b.tokens <= 0) return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - b.tokens) / perSecond)) }
      if (declared !== null) b.tokens -= declared
      return { ok: true }
    },
    charge(owner, bytes) {
      bucketOf(owner).tokens -= bytes
    },
  }
}

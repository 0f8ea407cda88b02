/**
 * An answer given before the request's body was read — a refused key (401/403/429), a key past its
 * share of area searches (503 with Retry-After), an unknown route — waits for the rest of that body
 * before it is sent, up to MAX_BODY_BYTES and a few seconds. Without this, @hono/node-server closes
 * the connection half a second after such an answer, and a client still sending a large body (a
 * 100,000-vertex area on a slow link or a busy machine) sees a broken pipe instead of the answer that
 * says what to do: the app could not tell "try again in 2 s" from a lost network (a CI run failed on
 * exactly this, 2026-11-29). Bytes past the cap or the deadline are not waited for: then the
 * connection is closed as before.
 */
import type { MiddlewareHandler } from 'hono'
import { MAX_BODY_BYTES } from '../../contract/limits'

export interface DrainLimits {
  maxBytes: number
  deadlineMs: number
}

const DEFAULT_LIMITS: DrainLimits = { maxBytes: MAX_BODY_BYTES, deadlineMs: 10_000 }
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE'])

export function drainUnreadBody(limits: DrainLimits = DEFAULT_LIMITS): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const req = c.req.raw
    if (BODILESS.has(req.method) || req.bodyUsed) return
    const declared = Number(req.headers.get('content-length') ?? Number.NaN)
    // A body declared too large was refused unread on purpose (413): do not take it in now.
    if (declared > limits.maxBytes || declared === 0) return
    const body = req.body
    if (body) await discard(body, limits)
  }
}

/** Reads and drops `stream` to its end, or stops at the cap or the deadline; never throws. */
async function discard(stream: ReadableStream<Uint8Array>, { maxBytes, deadlineMs }: DrainLimits): Promise<void> {
  const reader = stream.getReader()
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), deadlineMs)
  })
  let size = 0
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline])
      if (next === 'late' || next.done) break
      size += next.value.byteLength
      if (size > maxBytes) break
    }
  } catch {
    // The client hung up: nothing left to wait for.
  } finally {
    clearTimeout(timer)
    reader.cancel().catch(() => {})
  }
}

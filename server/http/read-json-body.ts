import type { Context } from 'hono'
import { MAX_BODY_BYTES } from '../../contract/limits'
import { QueryCancelledError } from '../db/db-errors'

export type BodyResult =
  | { ok: true; value: unknown }
  | { ok: false; status: 413; detail: string }
  | { ok: false; status: 422; msg: string }

/**
 * Reads at most MAX_BODY_BYTES (even without Content-Length) and parses JSON. A client that hangs
 * up mid-body is not an error of ours: that surfaces as QueryCancelledError (nothing logged).
 */
export async function readJsonBody(c: Context): Promise<BodyResult> {
  const tooLarge = {
    ok: false,
    status: 413,
    detail: `Request body exceeds ${MAX_BODY_BYTES} bytes; split the request (e.g. fewer svc_uuid values per call).`,
  } as const
  const declared = Number(c.req.header('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) return tooLarge
  const stream = c.req.raw.body
  if (!stream) return { ok: false, status: 422, msg: 'Request body is empty; expected JSON.' }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > MAX_BODY_BYTES) {
        await reader.cancel()
        return tooLarge
      }
      chunks.push(value)
    }
  } catch {
    throw new QueryCancelledError()
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return { ok: false, status: 422, msg: 'Request body is empty; expected JSON.' }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (e) {
    return { ok: false, status: 422, msg: `Malformed JSON: ${(e as Error).message}` }
  }
}

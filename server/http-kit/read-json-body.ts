/**
 * Request bodies are read by every POST route, from callers we do not trust: the size and nesting
 * limits (413, 422) are enforced here once, before any route parses what was sent.
 */
import type { Context } from 'hono'
import { MAX_BODY_BYTES } from '../../contract/limits'
import { QueryCancelledError } from '../db/db-errors'
import { tooDeepMessage } from './json-depth'
import { readJsonBytes } from './read-json-text'

export type BodyResult =
  /** `bytes`: the body's length as read */
  | { ok: true; value: unknown; bytes: number }
  | { ok: false; status: 413; detail: string }
  | { ok: false; status: 422; msg: string }

export type BodyTextResult = { ok: true; text: string; bytes: number } | Exclude<BodyResult, { ok: true }>

/**
 * Reads at most MAX_BODY_BYTES (even without Content-Length) as text, refusing JSON nested deeper
 * than MAX_JSON_DEPTH. A client that hangs up
 * mid-body is not an error of ours: that surfaces as QueryCancelledError (nothing logged).
 */
export async function readBodyText(c: Context): Promise<BodyTextResult> {
  const tooLarge = {
    ok: false,
    status: 413,
    detail: `Request body exceeds ${MAX_BODY_BYTES} bytes; split the request (e.g. fewer svc_uuid values per call).`,
  } as const
  const declared = Number(c.req.header('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) return tooLarge
  const stream = c.req.raw.body
  if (!stream) return { ok: false, status: 422, msg: 'Request body is empty; expected JSON.' }
  let read: Awaited<ReturnType<typeof readJsonBytes>>
  try {
    // The nesting is checked as the bytes arrive, before anything parses or walks them (issue 19).
    read = await readJsonBytes(stream, MAX_BODY_BYTES)
  } catch {
    throw new QueryCancelledError()
  }
  if (!read.ok)
    return read.why === 'too-large' ? tooLarge : { ok: false, status: 422, msg: tooDeepMessage(read.offset) }
  const text = read.bytes.toString('utf8')
  if (text.trim() === '') return { ok: false, status: 422, msg: 'Request body is empty; expected JSON.' }
  return { ok: true, text, bytes: read.bytes.length }
}

/** readBodyText, then JSON. */
export async function readJsonBody(c: Context): Promise<BodyResult> {
  const body = await readBodyText(c)
  if (!body.ok) return body
  try {
    return { ok: true, value: JSON.parse(body.text), bytes: body.bytes }
  } catch (e) {
    return { ok: false, status: 422, msg: `Malformed JSON: ${(e as Error).message}` }
  }
}

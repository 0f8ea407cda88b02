/**
 * Answers shaped as the spec says in one place, so every route's errors have the same body and
 * records are sent without re-serialising them.
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ValidationIssue } from '../../contract/errors'

/** Every error body follows the spec: `{detail: string}`, or `{detail: [{loc,msg,type}]}` for 422. */
export const errorResponse = (c: Context, status: ContentfulStatusCode, detail: string) => c.json({ detail }, status)

export const validationResponse = (c: Context, issues: ValidationIssue[]) => c.json({ detail: issues }, 422)

/** Record JSON arrives from SQL as text; splicing it avoids a parse/serialise round trip per record. */
export function jsonTextResponse(c: Context, parts: Record<string, string | number>, records: string[]) {
  const tail = Object.entries(parts)
    .map(([k, v]) => `,${JSON.stringify(k)}:${typeof v === 'number' ? v : JSON.stringify(v)}`)
    .join('')
  return c.body(`{"results":[${records.join(',')}]${tail}}`, 200, { 'content-type': 'application/json' })
}

/**
 * What a successful upstream answer must look like before it is passed on, charged and cached, and
 * how many records it holds (the records quota unit charges callers by it; area answers hold
 * identifiers, which are not records). Query and area shapes are the spec's; point and address
 * shapes are "not shown" there, so any JSON is accepted and records are counted where a list of them
 * can be found.
 */
import type { ProxyEndpoint } from './cache-key'

export type Shape = { ok: true; records: number } | { ok: false; reason: string }

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

export function shapeOf(endpoint: ProxyEndpoint, text: string): Shape {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  if (endpoint === 'area') {
    const ids = isObject(value) ? value.svc_uuids : undefined
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
      return { ok: false, reason: 'no svc_uuids list of strings' }
    }
    return { ok: true, records: 0 }
  }
  const results = isObject(value) ? value.results : undefined
  if (Array.isArray(results)) return { ok: true, records: results.length }
  if (endpoint === 'query') return { ok: false, reason: 'no results list' }
  if (Array.isArray(value)) return { ok: true, records: value.length }
  const features = isObject(value) ? value.features : undefined
  if (Array.isArray(features)) return { ok: true, records: features.length }
  return isObject(value) ? { ok: true, records: 0 } : { ok: false, reason: 'not a JSON object or list' }
}

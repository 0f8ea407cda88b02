/**
 * What a successful upstream answer must look like before it is passed on, charged and cached, and
 * how many records it holds (the records quota unit charges callers by it; area answers hold
 * identifiers, which are not records). Query and area shapes are the spec's: `results` a list of
 * record objects, `svc_uuids` a list of strings. Point and address shapes are "not shown" there; an
 * answer is accepted when it holds a list of record objects the way the others do (`results`, a
 * bare list, or a FeatureCollection's `features`) — issue 19: `{"foo":1,"results":"nope"}` was
 * cached for 7 days as a point answer.
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
  const records = (list: unknown, what: string): Shape =>
    Array.isArray(list) && list.every(isObject)
      ? { ok: true, records: list.length }
      : { ok: false, reason: `${what} is not a list of records` }
  if (isObject(value) && 'results' in value) return records(value.results, 'results')
  if (endpoint === 'query') return { ok: false, reason: 'no results list' }
  if (Array.isArray(value)) return records(value, 'the answer')
  if (isObject(value) && value.type === 'FeatureCollection') return records(value.features, 'features')
  return { ok: false, reason: 'no list of records (results, features or a list)' }
}

import { describe, expect, it } from 'vitest'
import { shapeOf } from './answer-shape'

describe('shapeOf', () => {
  it('query: results must be a list of record objects', () => {
    expect(shapeOf('query', '{"results":[{"a":1},{"b":2}],"count":2}')).toEqual({ ok: true, records: 2 })
    expect(shapeOf('query', '{"results":"nope"}').ok).toBe(false)
    expect(shapeOf('query', '{"results":[1,2]}').ok).toBe(false)
    expect(shapeOf('query', '[{"a":1}]').ok).toBe(false)
  })

  it('point and address: a malformed 200 like {"foo":1,"results":"nope"} is refused (never cached)', () => {
    for (const endpoint of ['point', 'address'] as const) {
      expect(shapeOf(endpoint, '{"foo":1,"results":"nope"}')).toEqual({
        ok: false,
        reason: 'results is not a list of records',
      })
      expect(shapeOf(endpoint, '{"foo":1}').ok).toBe(false)
      expect(shapeOf(endpoint, '"text"').ok).toBe(false)
      expect(shapeOf(endpoint, '[1,2]').ok).toBe(false)
      expect(shapeOf(endpoint, '{"type":"FeatureCollection","features":{}}').ok).toBe(false)
    }
  })

  it('point and address: results, a bare list or a FeatureCollection of records pass, records counted', () => {
    expect(shapeOf('point', '{"results":[{"svc_uuid":"a"}],"count":1}')).toEqual({ ok: true, records: 1 })
    expect(shapeOf('point', '{"results":[],"count":0}')).toEqual({ ok: true, records: 0 })
    expect(shapeOf('address', '[{"a":1},{"a":2}]')).toEqual({ ok: true, records: 2 })
    expect(shapeOf('address', '{"type":"FeatureCollection","features":[{"type":"Feature"}]}')).toEqual({
      ok: true,
      records: 1,
    })
  })

  it('area: svc_uuids must be a list of strings', () => {
    expect(shapeOf('area', '{"svc_uuids":["a","b"]}')).toEqual({ ok: true, records: 0 })
    expect(shapeOf('area', '{"svc_uuids":[1]}').ok).toBe(false)
  })
})

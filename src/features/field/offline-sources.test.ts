import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/api-error'
import type { AreaSource, QuerySource } from '../../cache/cached-sources'
import { NotInPackError, parcelWithPackFallback, withPackFallback } from './offline-sources'

const netError = new ApiError({ status: 0, kind: 'network', detail: 'Failed to fetch' })
const quota = new ApiError({ status: 429, kind: 'quota', detail: 'over' })

function sources(fail: unknown | null) {
  const src = <R>(value: R) => ({
    peek: async () => undefined,
    fetch: async () => {
      if (fail) throw fail
      return { value, network: true }
    },
  })
  return {
    area: src({ svc_uuids: ['net'] }) as unknown as AreaSource,
    query: src({ results: [], count: 0, limit: 1, offset: 0 }) as unknown as QuerySource,
  }
}

const packs = {
  answerArea: async () => ({ value: { svc_uuids: ['p1'] }, packs: ['Story farms'] }),
  answerQuery: async () => ({
    value: { results: [{ svc_uuid: 'p1' }], count: 1, limit: 100, offset: 0 },
    packs: ['Story farms'],
  }),
}
const area = { type: 'FeatureCollection' as const, features: [] }

describe('withPackFallback', () => {
  it('answers from the packs when the server cannot be reached, and says which packs answered', async () => {
    const told: (readonly string[] | null)[] = []
    const s = withPackFallback(sources(netError), packs, (p) => told.push(p))
    expect(await s.area.fetch(area, new AbortController().signal)).toEqual({
      value: { svc_uuids: ['p1'] },
      network: false,
    })
    expect((await s.query.fetch({ filters: [] }, new AbortController().signal)).value.count).toBe(1)
    expect(told).toEqual([['Story farms'], ['Story farms']])
  })

  it('passes the server’s own answers and verdicts through (a 429 is not "offline")', async () => {
    const told: (readonly string[] | null)[] = []
    const online = withPackFallback(sources(null), packs, (p) => told.push(p))
    expect((await online.area.fetch(area, new AbortController().signal)).value).toEqual({ svc_uuids: ['net'] })
    expect(told).toEqual([null])
    const refused = withPackFallback(sources(quota), packs, () => {})
    await expect(refused.area.fetch(area, new AbortController().signal)).rejects.toBe(quota)
  })

  it('keeps the network error when no pack can answer', async () => {
    const s = withPackFallback(
      sources(netError),
      { answerArea: async () => null, answerQuery: async () => null },
      () => {},
    )
    await expect(s.area.fetch(area, new AbortController().signal)).rejects.toBe(netError)
  })
})

describe('parcelWithPackFallback', () => {
  const body = { filters: [{ field: 'svc_uuid', op: 'eq' as const, value: 'p9' }], limit: 1 }

  it('says "not in your pack" offline for a parcel no pack holds — not that it is gone', async () => {
    const told: (readonly string[] | null)[] = []
    const empty = {
      answerQuery: async () => ({ value: { results: [], count: 0, limit: 1, offset: 0 }, packs: ['Story farms'] }),
    }
    await expect(
      parcelWithPackFallback(sources(netError).query, empty, body, (p) => told.push(p)),
    ).rejects.toBeInstanceOf(NotInPackError)
    expect(told).toEqual([['Story farms']])
  })

  it('opens the pack’s record offline, and only the server’s empty answer means gone', async () => {
    expect(await parcelWithPackFallback(sources(netError).query, packs, body, () => {})).toEqual({ svc_uuid: 'p1' })
    expect(await parcelWithPackFallback(sources(null).query, packs, body, () => {})).toBeNull()
    await expect(parcelWithPackFallback(sources(quota).query, packs, body, () => {})).rejects.toBe(quota)
  })
})

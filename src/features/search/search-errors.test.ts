/** Search errors as a person reads them: a server 4xx without its JSON path, pointed at the user's filter row. */
import { describe, expect, it } from 'vitest'
import { ApiError, apiErrorFromResponse } from '../../api/api-error'
import type { SearchSpec } from '../../state/search-spec'
import { attribute, inWords, localCheck } from './search-errors'
import { areaSpec, harness } from './search-harness.test-support'

const spec = { mode: 'area', areas: [], filters: [{ field: 'acres', op: 'gte', value: 40 }] } as unknown as SearchSpec

describe('search errors in words', () => {
  it("the area call's 422 for a collapsed ring names the area's trouble, not features[1].geometry.coordinates[0]", () => {
    const e = apiErrorFromResponse(
      422,
      {
        detail: [
          {
            loc: ['body', 'features', 1, 'geometry', 'coordinates', 0],
            msg: 'ring needs at least 4 positions',
            type: 'value_error',
          },
        ],
      },
      '',
    )
    expect(e.message).toBe('features[1].geometry.coordinates[0]: ring needs at least 4 positions')
    const shown = attribute(e, spec)
    expect(shown.message).toBe(
      'A search area could not be searched: it is too small or has too few corners (redraw or remove it, then search again)',
    )
    expect(shown.message).not.toMatch(/\[\d+\]|features|coordinates/)
    expect(shown.kind).toBe('validation')
    expect(shown.status).toBe(422)
  })

  it('crossing edges, and any other ring rule, in their own words', () => {
    const issue = (msg: string) => ({
      loc: ['body', 'features', 0, 'geometry', 'coordinates', 0],
      msg,
      type: 'value_error',
    })
    const crossing = apiErrorFromResponse(422, { detail: [issue('polygon edges cross each other')] }, '')
    expect(inWords(crossing).message).toMatch(/^A search area could not be searched: its edges cross each other/)
    const holes = apiErrorFromResponse(422, { detail: [issue('polygon has more than 100 holes')] }, '')
    expect(inWords(holes).message).toMatch(/: polygon has more than 100 holes \(redraw/)
  })

  it("a filter's 422 keeps its row and loses its path", () => {
    const e = apiErrorFromResponse(
      422,
      { detail: [{ loc: ['body', 'filters', 0, 'value'], msg: 'value must be a number', type: 'type_error' }] },
      '',
    )
    const shown = attribute(e, spec)
    expect(shown.filterIndex).toBe(0)
    expect(shown.message).toBe('value must be a number')
  })

  it("a plain 400's detail loses its path; a message without one is kept as it is", () => {
    const e = new ApiError({
      status: 400,
      kind: 'invalid',
      detail: 'filters[0].value: expected a number',
      filterIndex: 0,
    })
    const shown = attribute(e, spec)
    expect(shown.message).toBe('expected a number')
    expect(shown.filterIndex).toBe(0)
    const plain = new ApiError({ status: 400, kind: 'invalid', detail: 'limit must be at most 100' })
    expect(attribute(plain, spec)).toBe(plain)
  })

  it('other kinds (auth, quota, server) are left to their own wording', () => {
    const e = new ApiError({ status: 401, kind: 'auth', detail: 'unknown key' })
    expect(attribute(e, spec)).toBe(e)
  })

  it('an area whose ring has collapsed is named before its call is spent, and the search spends none', async () => {
    const collapsed = {
      id: 'c',
      kind: 'circle' as const,
      geometry: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [-93.62, 42.03],
            [-93.62001, 42.03],
            [-93.62, 42.03],
          ],
        ],
      },
    }
    const spec = areaSpec([], { areas: [areaSpec().areas[0] as SearchSpec['areas'][number], collapsed] })
    expect(localCheck(spec, 'all')?.message).toBe(
      'Search area 2 could not be searched: it is too small or has too few corners (redraw or remove it, then search again)',
    )
    expect(localCheck(areaSpec(), 'all')).toBeNull()
    const r = await harness(100).run(spec)
    expect(r.status).toBe('failed')
    expect(r.calls).toEqual({ area: 0, query: 0 })
    expect(r.error?.message).toMatch(/^Search area 2 could not be searched/)
  })
})

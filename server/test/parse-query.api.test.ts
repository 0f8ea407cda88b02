/**
 * `GET /parse-query` (issue 43, our extension): a sentence becomes filter rows the query endpoint
 * takes as they are, on both backends; any valid key, never charged; hostile text is a 200 with
 * the words in `unknown`, never a 5xx.
 */
import { describe, expect, it } from 'vitest'
import { checkQueryRequest } from '../../contract/query-rules'
import type { FilterItem } from '../../contract/schemas'
import { LIMITED_REQUESTS } from './context'
import { call, get, post, show } from './http'

interface Answer {
  filters: FilterItem[]
  spans: { start: number; end: number }[]
  scope: { kind: string; fips: string; state: string } | null
  area: { kind: string } | null
  order: { field: string; direction: string } | null
  theme: { id: string } | null
  unknown: { text: string; span: { start: number; end: number }; reason?: string }[]
  link: string
}

const ask = (q: string, key: Parameters<typeof get>[2] = {}) => get<Answer>('/parse-query', { q }, key)

describe('GET /parse-query', () => {
  it('turns a sentence into rows the query endpoint takes, and the results match them', async () => {
    const q = 'corn over 80 acres in Story County sold since 2020, largest first'
    const res = await ask(q)
    expect(res.status, show(res)).toBe(200)
    const a = res.body
    expect(a.filters).toEqual([
      { field: 'cdl_majority_category', op: 'eq', value: 'Corn' },
      { field: 'acres', op: 'gt', value: 80 },
      { field: 'state_fp', op: 'eq', value: '19' },
      { field: 'county_fp', op: 'eq', value: '169' },
    ])
    expect(a.spans.map((s) => q.slice(s.start, s.end))).toEqual([
      'corn',
      'over 80 acres',
      'Story County',
      'Story County',
    ])
    expect(a.scope).toMatchObject({ kind: 'county', fips: '19169', state: 'IA' })
    expect(a.order).toMatchObject({ field: 'acres', direction: 'desc' })
    expect(a.unknown).toEqual([expect.objectContaining({ text: 'sold since 2020', reason: expect.any(String) })])
    expect(a.link).toBe(
      '/?m=d&f=cdl_majority_category:eq:sCorn~acres:gt:80~state_fp:eq:s19~county_fp:eq:s169&o=acres.d&v=1',
    )
    const body = { filters: a.filters, order: { field: 'acres', direction: 'desc' }, limit: 100 }
    expect(checkQueryRequest(body).ok).toBe(true)
    const found = await post<{ results: Record<string, unknown>[] }>('/parcels/query', body)
    expect(found.status, show(found)).toBe(200)
    for (const r of found.body.results) {
      expect(r.cdl_majority_category).toBe('Corn')
      expect(r.acres as number).toBeGreaterThan(80)
      expect(r.state_fp).toBe('19')
    }
  })

  it('areas, themes and owner kinds; an owner name comes with its scope (spec rule 3)', async () => {
    const near = await ask('LLC-owned vacant land within 2 miles of here colour by land use')
    expect(near.status).toBe(200)
    expect(near.body.area).toMatchObject({ kind: 'around-me', miles: 2 })
    expect(near.body.theme).toMatchObject({ id: 'landuse' })
    expect(near.body.link).toBe('/?f=owner_type:eq:sLLC~land_use_class:eq:svacant&t=landuse&v=1')
    const owner = await ask('owned by Smith in Iowa')
    expect(checkQueryRequest({ filters: owner.body.filters }).ok).toBe(true)
  })

  it('any valid key, never charged (a 5-a-month key asks more than 5 times); no key 401, inactive 403', async () => {
    for (let i = 0; i <= LIMITED_REQUESTS; i++) expect((await ask('corn', { key: 'limited' })).status).toBe(200)
    expect((await ask('corn', { key: null })).status).toBe(401)
    expect((await ask('corn', { key: 'inactive' })).status).toBe(403)
  })

  it('a missing q is 422 at query.q; other methods 405', async () => {
    const res = await get<{ detail: { loc: string[] }[] }>('/parse-query')
    expect(res.status).toBe(422)
    expect(res.body.detail[0]?.loc).toEqual(['query', 'q'])
    expect((await call('POST', '/parse-query', {})).status).toBe(405)
  })

  it('hostile input: 10 KB of text, control characters, only unknown words — 200, never a 5xx', async () => {
    const big = await ask('corn over 80 acres in Story County '.repeat(300).slice(0, 10_240))
    expect(big.status, show(big)).toBe(200)
    expect(big.body.unknown.at(-1)?.reason).toMatch(/first 2000 characters/)
    const control = await ask('\u0001\u001b[31m corn \u0007\t\r\n over 80 acres')
    expect(control.status, show(control)).toBe(200)
    expect(control.body.filters).toContainEqual({ field: 'acres', op: 'gt', value: 80 })
    const nonsense = await ask('zxq blorf wibble')
    expect(nonsense.status).toBe(200)
    expect(nonsense.body).toMatchObject({ filters: [], scope: null, area: null, order: null, theme: null })
    expect(nonsense.body.unknown.map((u) => u.text)).toEqual(['zxq blorf wibble'])
    for (const q of ['', '%', '💥'.repeat(500), '$'.repeat(3000), `over ${'9'.repeat(500)} acres`]) {
      const res = await ask(q)
      expect(res.status, `${JSON.stringify(q.slice(0, 20))} → ${show(res)}`).toBe(200)
    }
  })
})

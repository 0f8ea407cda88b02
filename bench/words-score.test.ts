import { describe, expect, it } from 'vitest'
import type { WordsParse } from '../contract/words/words-types'
import { differences, type Question, verdict } from './words-score'

const span = { start: 0, end: 4 }
const question = (flags: string[] = []): Question => ({
  id: 1,
  who: 'agronomist',
  tuned: true,
  q: 'corn or soybeans since 2020',
  expect: {
    filters: [{ field: 'cdl_majority_category', op: 'in', value: ['Corn', 'Soybeans'] }],
    scope: null,
    area: null,
    order: null,
    theme: null,
    flags,
  },
})
const parse = (over: Partial<WordsParse> = {}): WordsParse => ({
  filters: [{ field: 'cdl_majority_category', op: 'in', value: ['Soybeans', 'Corn'], span }],
  scope: null,
  area: null,
  order: null,
  theme: null,
  unknown: [],
  ...over,
})

describe('words benchmark scoring', () => {
  it('exact ignores the order of rows and list values', () => {
    expect(verdict(question(), parse())).toBe('exact')
  })

  it('an expected flag must be flagged, and nothing else', () => {
    const flagged = parse({ unknown: [{ text: 'since 2020', span }] })
    expect(verdict(question(['since 2020']), flagged)).toBe('exact')
    expect(verdict(question(), flagged)).toBe('flagged')
    expect(differences(question(['since 2020']), parse())).toEqual(['not flagged: since 2020'])
  })

  it('a wrong search with nothing flagged is silently wrong', () => {
    expect(verdict(question(), parse({ order: { field: 'acres', direction: 'desc', span } }))).toBe('silently-wrong')
    expect(verdict(question(), parse({ filters: [] }))).toBe('silently-wrong')
  })
})

import { describe, expect, it } from 'vitest'
import { trendRuns } from './trend-runs'

describe('trendRuns', () => {
  it('draws the trend only over runs of years that have sales', () => {
    expect(trendRuns([2024.5, 2019.2, 2019.8, 2020.5, 2022.1, 2022.9])).toEqual([
      [2019.2, 2020.5],
      [2022.1, 2022.9],
    ])
    expect(trendRuns([])).toEqual([])
  })
})

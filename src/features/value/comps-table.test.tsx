import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { subjectRecord } from '../../../contract/comps/comps.test-support'
import type { Comp } from '../../../contract/comps/comps-analysis'
import type { CompsOverride } from '../../state/comps-slice'
import { CompsTable } from './comps-table'

afterEach(cleanup)

/** 60 ranked comps: the first 50 included, the rest left out; `dropped` is the one the person dropped. */
function comps(dropped: number): Comp[] {
  return Array.from({ length: 60 }, (_, i) => {
    const included = i < 50
    const override: CompsOverride | null = i === dropped ? 'drop' : null
    return {
      id: `comp-${i + 1}`,
      record: subjectRecord({ svc_uuid: `comp-${i + 1}` }),
      parcelId: `P-${i + 1}`,
      saleDate: '2023-05-01',
      salePrice: 400_000,
      acres: 40,
      miles: 1 + i / 10,
      csr2: 80,
      perAcre: 10_000,
      timeAdjusted: 10_000,
      adjusted: 10_000,
      score: 100 - i,
      grade: 'B',
      reasons: ['same land use'],
      flags: [],
      override,
      included: included && override === null,
      excludedBecause: override === 'drop' ? 'dropped by you' : included ? null : 'grade D',
      rank: i + 1,
    }
  })
}

describe('CompsTable', () => {
  it('keeps a comp the person dropped in view after the first 50 rows, and counts the rest behind "Show all"', async () => {
    const { container } = render(<CompsTable comps={comps(55)} onOpen={() => {}} onOverride={() => {}} />)
    const rows = () => container.querySelectorAll('tbody tr')
    expect(rows()).toHaveLength(51)
    expect(container.querySelector('tr[data-comp-id="comp-56"]')?.className).toBe('comps-out')
    expect(container.querySelector('tr[data-comp-id="comp-57"]')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Show all 60 comps (9 more)' }))
    expect(rows()).toHaveLength(60)
  })
})

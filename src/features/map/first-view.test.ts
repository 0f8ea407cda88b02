import { expect, it } from 'vitest'
import { CONUS_BOUNDS } from '../../config/initial-view'
import { firstViewBounds } from './first-view'

const county = (bbox: [number, number, number, number]) => ({ bbox }) as never

it('frames every covered county, not the whole country', () => {
  expect(
    firstViewBounds({ counties: [county([-93.7, 41.8, -93.2, 42.2]), county([-120.9, 35.9, -119.2, 37.5])] }),
  ).toEqual([
    [-120.9, 35.9],
    [-93.2, 42.2],
  ])
})

it('opens on the continental US when nothing is covered or the coverage is unknown', () => {
  expect(firstViewBounds(null)).toBe(CONUS_BOUNDS)
  expect(firstViewBounds({ counties: [] })).toBe(CONUS_BOUNDS)
})

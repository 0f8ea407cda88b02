import { expect, it } from 'vitest'
import { absoluteApiUrl } from './connection'

it('keeps a tile template’s braces and resolves the API base against the page', () => {
  const page = 'http://localhost:8787/?c=-93,42,12&v=1'
  expect(absoluteApiUrl('', '/tiles/parcels/{z}/{x}/{y}.mvt', page)).toBe(
    'http://localhost:8787/tiles/parcels/{z}/{x}/{y}.mvt',
  )
  expect(absoluteApiUrl('https://parcels.example.com/api/', '/tiles/parcels/{z}/{x}/{y}.mvt', page)).toBe(
    'https://parcels.example.com/api/tiles/parcels/{z}/{x}/{y}.mvt',
  )
  expect(absoluteApiUrl('https://parcels.example.com', '/tiles/', page)).toBe('https://parcels.example.com/tiles/')
})

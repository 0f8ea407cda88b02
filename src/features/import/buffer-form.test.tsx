/** Distance + unit + Buffer: a road, a river or wells become search areas; a distance that cannot work says why. */
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Geometry, Polygon } from 'geojson'
import { afterEach, expect, it } from 'vitest'
import { BufferForm } from './buffer-form'

afterEach(cleanup)

function setup(geometry: Geometry) {
  const user = userEvent.setup()
  const handed: { polygons: Polygon[]; notices: string[] }[] = []
  render(<BufferForm geometry={geometry} onPolygons={(polygons, notices) => handed.push({ polygons, notices })} />)
  return {
    user,
    handed,
    distance: screen.getByRole('spinbutton', { name: 'Distance' }) as HTMLInputElement,
    unit: screen.getByRole('combobox', { name: 'Unit' }) as HTMLSelectElement,
    buffer: screen.getByRole('button', { name: 'Buffer' }),
  }
}

/** Width of a polygon's outline in degrees of longitude. */
const lonSpan = (p: Polygon) => {
  const xs = (p.coordinates[0] ?? []).map((c) => c[0] as number)
  return Math.max(...xs) - Math.min(...xs)
}

it('a road buffered by a quarter mile becomes one area a little wider than the road, in the unit chosen', async () => {
  const road: Geometry = {
    type: 'LineString',
    coordinates: [
      [-93.6, 42],
      [-93.5, 42],
    ],
  }
  const { user, handed, distance, unit, buffer } = setup(road)
  expect(distance.value).toBe('100')
  expect(unit.value).toBe('m')
  await user.clear(distance)
  await user.type(distance, '0.25')
  await user.selectOptions(unit, 'mi')
  await user.click(buffer)
  expect(handed).toHaveLength(1)
  const [area] = handed[0]?.polygons ?? []
  // 0.25 mi ≈ 402 m ≈ 0.00486° of longitude at 42° N, on both ends of a 0.1° road.
  expect(lonSpan(area as Polygon)).toBeCloseTo(0.1 + 2 * 0.00486, 3)
  expect(screen.queryByRole('alert')).toBeNull()
})

it('the same distance in feet gives a narrower area than in metres', async () => {
  const well: Geometry = { type: 'Point', coordinates: [-93.6, 42] }
  const { user, handed, unit, buffer } = setup(well)
  await user.click(buffer)
  await user.selectOptions(unit, 'ft')
  await user.click(buffer)
  const [metres, feet] = handed.map((h) => lonSpan(h.polygons[0] as Polygon))
  expect((feet as number) / (metres as number)).toBeCloseTo(0.3048, 2)
})

it('an empty, zero or negative distance is refused with the reason, linked to the box; fixing it clears the reason', async () => {
  const { user, handed, distance, buffer } = setup({ type: 'Point', coordinates: [-93.6, 42] })
  for (const bad of ['', '0', '-5']) {
    await user.clear(distance)
    if (bad) await user.type(distance, bad)
    await user.click(buffer)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Enter a distance greater than zero.')
    expect(distance.getAttribute('aria-invalid')).toBe('true')
    expect(distance.getAttribute('aria-describedby')).toBe(alert.id)
  }
  expect(handed).toEqual([])
  await user.clear(distance)
  await user.type(distance, '30{Enter}')
  expect(screen.queryByRole('alert')).toBeNull()
  expect(distance.getAttribute('aria-invalid')).toBe('false')
  expect(handed).toHaveLength(1)
})

it('too many points to buffer is refused with the count', async () => {
  const points: Geometry = {
    type: 'MultiPoint',
    coordinates: Array.from({ length: 501 }, (_, i) => [-93.6 + i * 0.001, 42]),
  }
  const { user, handed, buffer } = setup(points)
  await user.click(buffer)
  expect(screen.getByRole('alert').textContent).toBe('There are 501 shapes; at most 500 can be buffered.')
  expect(handed).toEqual([])
})

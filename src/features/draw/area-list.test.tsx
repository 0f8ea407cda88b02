import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Polygon } from 'geojson'
import { afterEach, expect, it } from 'vitest'
import type { DrawnArea } from '../../state/search-spec'
import { AreaList } from './area-list'

afterEach(cleanup)

const square = (x: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 42],
      [x + 0.01, 42],
      [x + 0.01, 42.01],
      [x, 42],
    ],
  ],
})
const area = (id: string, kind: DrawnArea['kind'], label?: string): DrawnArea => ({
  id,
  kind,
  geometry: square(-93 + Number(id.slice(1)) * 0.1),
  ...(label ? { label } : {}),
})

it('names drawn shapes by kind and place, named areas by name, and numbers the pieces of one county', async () => {
  const user = userEvent.setup()
  const removed: string[] = []
  render(
    <AreaList
      areas={[
        area('a1', 'rectangle'),
        area('a2', 'polygon', 'Story County, IA'),
        area('a3', 'polygon', 'Dare County, NC'),
        area('a4', 'polygon', 'Dare County, NC'),
        area('a5', 'circle'),
      ]}
      onRemove={(id) => removed.push(id)}
      onZoom={() => {}}
    />,
  )
  const names = screen.getAllByTitle('Zoom to this area').map((b) => b.textContent)
  expect(names).toEqual([
    'Rectangle 1',
    'Story County, IA',
    'Dare County, NC (part 1)',
    'Dare County, NC (part 2)',
    'Circle 5',
  ])
  await user.click(screen.getByRole('button', { name: 'Delete Story County, IA' }))
  expect(removed).toEqual(['a2'])
})

it('shows a hostile name as text', () => {
  render(
    <AreaList areas={[area('a1', 'polygon', '<img src=x onerror=alert(1)>')]} onRemove={() => {}} onZoom={() => {}} />,
  )
  expect(screen.getByTitle('Zoom to this area').textContent).toBe('<img src=x onerror=alert(1)>')
  expect(document.querySelector('img')).toBeNull()
})

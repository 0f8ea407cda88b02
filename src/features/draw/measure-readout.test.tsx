/** The Measure tool's readout: the figures in US units first, the switch between distance and area. */
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { measure } from './measure'
import { MeasureReadout } from './measure-readout'

afterEach(cleanup)

it('shows how to start, then the length in mi and km with the segment count', () => {
  const { rerender } = render(<MeasureReadout measurement={null} kind="distance" onKind={() => {}} touch={false} />)
  const out = () => screen.getByRole('status')
  expect(out().textContent).toBe('Click the start, then each bend of the line.')
  const m = measure({
    type: 'LineString',
    coordinates: [
      [-93.6, 42],
      [-93.6, 42.01],
      [-93.59, 42.01],
    ],
  })
  rerender(<MeasureReadout measurement={m} kind="distance" onKind={() => {}} touch={false} />)
  expect(out().textContent).toBe('1.20 mi1.94 km2 segments')
  expect(screen.getByRole('button', { name: 'Distance' }).getAttribute('aria-pressed')).toBe('true')
})

it('Area is picked with its button; a distance is not shown as an area', async () => {
  const onKind = vi.fn()
  const m = measure({
    type: 'LineString',
    coordinates: [
      [-93.6, 42],
      [-93.6, 42.01],
    ],
  })
  render(<MeasureReadout measurement={m} kind="area" onKind={onKind} touch />)
  expect(screen.getByRole('status').textContent).toBe('Tap each corner; tap the first one to close.')
  await userEvent.click(screen.getByRole('button', { name: 'Distance' }))
  expect(onKind).toHaveBeenCalledWith('distance')
})

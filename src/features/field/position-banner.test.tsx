import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { parcelRow } from './field-fixtures.test-support'
import { PositionBanner } from './position-banner'
import type { PlaceState } from './where-am-i'

afterEach(cleanup)

const fix = { lng: -93.6, lat: 42, accuracy: 7.6, heading: 100 }
const parcel = { ...(parcelRow(1)[0] ?? { svc_uuid: 'x' }), acres: 40.25 }

it('names the parcel under the position: owner, acres, APN, accuracy, heading and where the answer came from', async () => {
  const user = userEvent.setup()
  const onOpen = vi.fn()
  const place: PlaceState = { status: 'here', fix, parcel, source: 'pack', note: null }
  render(<PositionBanner place={place} onOpen={onOpen} onStop={() => {}} />)
  const banner = screen.getByRole('region', { name: 'Where am I' })
  expect(screen.getByTestId('position-owner').textContent).toBe('You are on OWNER 0')
  expect(banner.textContent).toContain('40.25 acres · APN APN-0')
  expect(banner.textContent).toContain('±8 m · heading E · from your offline pack')
  await user.click(screen.getByRole('button', { name: 'Parcel details' }))
  expect(onOpen).toHaveBeenCalledWith(parcel)
})

it('changes when the parcel changes, and says why none is named', () => {
  const { rerender } = render(
    <PositionBanner
      place={{ status: 'here', fix, parcel, source: 'server', note: null }}
      onOpen={() => {}}
      onStop={() => {}}
    />,
  )
  const next = { ...parcel, svc_uuid: 'n', owner: 'NEIGHBOUR LLC' }
  rerender(
    <PositionBanner
      place={{ status: 'here', fix, parcel: next, source: 'results', note: null }}
      onOpen={() => {}}
      onStop={() => {}}
    />,
  )
  expect(screen.getByTestId('position-owner').textContent).toBe('You are on NEIGHBOUR LLC')
  rerender(
    <PositionBanner
      place={{
        status: 'here',
        fix: { ...fix, heading: null },
        parcel: null,
        source: null,
        note: 'Offline, and no field pack covers this spot.',
      }}
      onOpen={() => {}}
      onStop={() => {}}
    />,
  )
  expect(screen.getByRole('region', { name: 'Where am I' }).textContent).toContain(
    'Offline, and no field pack covers this spot. ±8 m',
  )
  expect(screen.queryByRole('button', { name: 'Parcel details' })).toBeNull()
})

it('shows locating and errors, stops on ×, and is gone when off', async () => {
  const user = userEvent.setup()
  const onStop = vi.fn()
  const { rerender, container } = render(
    <PositionBanner place={{ status: 'locating' }} onOpen={() => {}} onStop={onStop} />,
  )
  expect(screen.getByText('Finding your position…')).toBeTruthy()
  rerender(
    <PositionBanner
      place={{ status: 'error', message: 'Location permission is off for this site.' }}
      onOpen={() => {}}
      onStop={onStop}
    />,
  )
  expect(screen.getByRole('alert').textContent).toBe('Location permission is off for this site.')
  await user.click(screen.getByRole('button', { name: 'Stop following my position' }))
  expect(onStop).toHaveBeenCalled()
  rerender(<PositionBanner place={{ status: 'off' }} onOpen={() => {}} onStop={onStop} />)
  expect(container.textContent).toBe('')
})

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import { connectionStore } from '../../api/connection'
import { AddressBox } from './address-box'
import { type FakeAddressServer, fakeAddressServer } from './address-server.test-support'

let server: FakeAddressServer

beforeEach(() => {
  connectionStore.getState().set({ baseUrl: '', apiKey: 'test-key', remember: false })
  server = fakeAddressServer()
  vi.stubGlobal('fetch', server.fetch)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function setup(covered: CoverageCounty[] = [], onJump?: (c: CoverageCounty) => void) {
  const onChoose = vi.fn<(r: ParcelRecord) => void>()
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <AddressBox onChoose={onChoose} covered={covered} onJump={onJump} />
    </QueryClientProvider>,
  )
  const box = screen.getByRole('combobox', { name: 'Find a parcel by address' })
  // The listbox is hidden while closed, so it is found by the id the combobox points at.
  const list = () => document.getElementById(box.getAttribute('aria-controls') ?? '') as HTMLElement
  return { onChoose, box, list, user: userEvent.setup() }
}

const options = () => screen.queryAllByRole('option')
const titles = () => options().map((o) => o.querySelector('.address-title')?.textContent)

describe('address box', () => {
  it('is a combobox that controls a listbox of matches; typing costs one call per pause, not per key', async () => {
    const { box, list, user } = setup()
    expect(box.getAttribute('aria-autocomplete')).toBe('list')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(list().getAttribute('role')).toBe('listbox')
    expect(list().getAttribute('aria-label')).toBe('Address matches')

    await user.type(box, 'ma') // under 3 characters: nothing is asked
    expect(server.calls).toEqual([])
    await user.type(box, 'in st')
    await waitFor(() => expect(titles()).toEqual(['100 MAIN ST', '200 MAIN ST', '300 MAIN ST']))
    expect(server.calls).toEqual(['main st'])
    expect(server.keys).toEqual(['Bearer test-key'])
    expect(box.getAttribute('aria-expanded')).toBe('true')
    expect(list().hidden).toBe(false)
    expect(screen.getByRole('status').textContent).toBe('3 matches')
    // Each option says where the parcel is and who owns it.
    expect(options()[0]?.textContent).toContain('OWNER 1 · AMES, Story County, IA')
  })

  it('arrows move the highlighted option (aria-activedescendant) and Enter picks it', async () => {
    const { box, onChoose, user } = setup()
    await user.type(box, 'main st')
    await waitFor(() => expect(options()).toHaveLength(3))
    await user.keyboard('{ArrowDown}{ArrowDown}')
    const second = options()[1] as HTMLElement
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id)
    expect(second.getAttribute('aria-selected')).toBe('true')
    expect(options()[0]?.getAttribute('aria-selected')).toBe('false')
    await user.keyboard('{ArrowUp}{ArrowUp}') // wraps round to the last
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[2]?.id)
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(onChoose).toHaveBeenCalledTimes(1)
    expect(onChoose.mock.calls[0]?.[0].svc_uuid).toBe('main st-2')
    expect((box as HTMLInputElement).value).toBe('200 MAIN ST')
    expect(box.getAttribute('aria-expanded')).toBe('false')
  })

  it('Enter before the answer arrives waits for it and opens the top match of what was typed', async () => {
    const { box, onChoose, user } = setup()
    server.hold()
    await user.type(box, 'oak ave{Enter}')
    expect(onChoose).not.toHaveBeenCalled()
    await waitFor(() => expect(server.calls).toEqual(['oak ave']))
    act(() => server.release())
    await waitFor(() => expect(onChoose).toHaveBeenCalledTimes(1))
    expect(onChoose.mock.calls[0]?.[0].svc_uuid).toBe('oak ave-1')
    expect((box as HTMLInputElement).value).toBe('100 OAK AVE')
  })

  it('a list answering an earlier keystroke is dimmed, busy and cannot be picked', async () => {
    const { box, list, onChoose, user } = setup()
    await user.type(box, 'main st')
    await waitFor(() => expect(titles()).toEqual(['100 MAIN ST', '200 MAIN ST', '300 MAIN ST']))
    server.hold()
    await user.type(box, 'reet')
    // The old matches stay on screen while "main street" is asked, but they answer "main st".
    expect(titles()).toEqual(['100 MAIN ST', '200 MAIN ST', '300 MAIN ST'])
    expect(list().getAttribute('aria-busy')).toBe('true')
    expect(list().className).toContain('address-list-stale')
    for (const o of options()) expect(o.getAttribute('aria-disabled')).toBe('true')
    await user.pointer({ keys: '[MouseLeft]', target: options()[0] as HTMLElement })
    expect(onChoose).not.toHaveBeenCalled()
    await waitFor(() => expect(server.calls).toEqual(['main st', 'main street']))
    act(() => server.release())
    await waitFor(() => expect(titles()).toEqual(['100 MAIN STREET', '200 MAIN STREET', '300 MAIN STREET']))
    expect(list().getAttribute('aria-busy')).toBeNull()
    expect(options()[0]?.getAttribute('aria-disabled')).toBeNull()
    await user.pointer({ keys: '[MouseLeft]', target: options()[0] as HTMLElement })
    expect(onChoose.mock.calls[0]?.[0].svc_uuid).toBe('main street-1')
  })

  it('Escape closes the list, a second Escape clears the box', async () => {
    const { box, list, user } = setup()
    await user.type(box, 'main st')
    await waitFor(() => expect(options()).toHaveLength(3))
    await user.keyboard('{Escape}')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    expect(list().hidden).toBe(true)
    expect((box as HTMLInputElement).value).toBe('main st')
    await user.keyboard('{Escape}')
    expect((box as HTMLInputElement).value).toBe('')
  })

  it('says when nothing matches, and shows the server’s reason when the call fails', async () => {
    const { box, user } = setup()
    await user.type(box, 'nowhere')
    await waitFor(() => expect(screen.getByRole('listbox').textContent).toBe('No matches'))
    await user.clear(box)
    await user.type(box, 'fail 500')
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/server/i))
    expect(options()).toHaveLength(0)
  })

  it('offers the "/" shortcut in its placeholder only where there is a keyboard', () => {
    const box = setup().box
    expect(box.getAttribute('placeholder')).toContain('( / )')
    cleanup()
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('pointer: coarse'),
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    )
    expect(setup().box.getAttribute('placeholder')).toBe('Find address…')
  })

  it('"/" anywhere focuses the box', async () => {
    const { box, user } = setup()
    expect(document.activeElement).not.toBe(box)
    await user.keyboard('/')
    expect(document.activeElement).toBe(box)
    expect((box as HTMLInputElement).value).toBe('')
  })

  it('an address outside coverage offers the covered counties, and picking one jumps there', async () => {
    const story: CoverageCounty = {
      state: 'IA',
      state_fp: '19',
      county_fp: '169',
      county: 'Story',
      parcels: 4000,
      bbox: [-93.6, 41.9, -93.3, 42.1],
      loaded_at: '2026-11-01T00:00:00Z',
    }
    const jumps: string[] = []
    const { box, user } = setup(
      [story, { ...story, state: 'KS', state_fp: '20', county_fp: '055', county: 'Finney' }],
      (c) => jumps.push(c.county),
    )
    await user.type(box, 'nowhere')
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'No matches. Addresses are searched in 2 counties: Story County, IA; Finney County, KS.',
      ),
    )
    expect(screen.getByRole('listbox').textContent).toContain('No matches. This server has addresses in:')
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('button', { name: 'Finney County, KS' }) })
    expect(jumps).toEqual(['Finney'])
  })
})

import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { appStore } from '../../state/store'
import { CopyLinkButton } from './copy-link-button'
import { renderPanel, resetPanels } from './panel-workspace.test-support'

afterEach(() => {
  resetPanels()
  vi.restoreAllMocks()
})

describe('CopyLinkButton', () => {
  it('"Link to these results" carries the table’s sort as it is now and the chosen columns', async () => {
    const user = userEvent.setup()
    const written: string[] = []
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (t: string) => {
      written.push(t)
    })
    renderPanel(<CopyLinkButton />)
    act(() => {
      const s = appStore.getState()
      s.setMode('direct')
      s.setFilters([{ field: 'state', op: 'eq', value: 'IA' }])
      s.submit()
      // After the search: sorted by acres, two columns chosen, and a filter edited (the search is stale).
      s.setOrder({ field: 'acres', direction: 'desc' })
      s.setVisibleColumns(['owner', 'acres'])
      s.setFilters([{ field: 'state', op: 'eq', value: 'KS' }])
    })
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    await user.click(screen.getByRole('button', { name: /Link to these results/ }))
    const link = new URL(written.at(-1) ?? '', 'http://localhost/')
    expect(link.searchParams.get('o')).toBe('acres.d')
    expect(link.searchParams.get('cols')).toBe('owner.acres')
    expect(link.searchParams.get('f')).toBe('state:eq:sIA')
    expect(link.searchParams.get('s')).toBe('1')
  })
})

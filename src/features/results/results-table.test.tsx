import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { fakeLayout } from './layout.test-support'
import { ResultsTable, type ResultsTableProps } from './results-table'

afterEach(cleanup)

fakeLayout()

const rows: ParcelRecord[] = Array.from({ length: 30 }, (_, i) => ({
  svc_uuid: `u-${String(i).padStart(2, '0')}`,
  owner: `OWNER ${i}`,
  acres: 30 - i,
}))

function setup(extra: Partial<ResultsTableProps> = {}) {
  const onSelect = vi.fn()
  const onSortChange = vi.fn()
  const props: ResultsTableProps = {
    rows,
    rowCount: rows.length,
    status: 'done',
    requestRows: () => {},
    columns: ['owner', 'acres'],
    onColumnsChange: () => {},
    sort: null,
    onSortChange,
    serverSort: false,
    selectedId: null,
    onSelect,
    ...extra,
  }
  const view = render(<ResultsTable {...props} />)
  return { onSelect, onSortChange, props, view }
}

describe('results table from the keyboard', () => {
  it('is one tab stop; Enter selects the first row and arrows move the selection', async () => {
    const user = userEvent.setup()
    const { onSelect, props, view } = setup()
    const grid = screen.getByRole('grid', { name: 'Search results' })
    await user.tab()
    await user.tab()
    expect(grid).toHaveProperty('tabIndex', 0)
    grid.focus()
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenLastCalledWith('u-00')
    view.rerender(<ResultsTable {...props} selectedId="u-00" />)
    await user.keyboard('{ArrowDown}')
    expect(onSelect).toHaveBeenLastCalledWith('u-01')
    await user.keyboard('{End}')
    expect(onSelect).toHaveBeenLastCalledWith('u-29')
    view.rerender(<ResultsTable {...props} selectedId="u-29" />)
    expect(grid.getAttribute('aria-activedescendant')).toMatch(/row-29$/)
    await user.keyboard('{Escape}')
    expect(onSelect).toHaveBeenLastCalledWith(null)
  })

  it('headers sort from the keyboard: Enter cycles ascending, descending, none', async () => {
    const user = userEvent.setup()
    const { onSortChange, props, view } = setup()
    screen.getByRole('columnheader', { name: /^Owner/ }).focus()
    await user.keyboard('{Enter}')
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'owner', direction: 'asc' })
    view.rerender(<ResultsTable {...props} sort={{ field: 'owner', direction: 'asc' }} />)
    expect(screen.getByRole('columnheader', { name: /^Owner/ }).getAttribute('aria-sort')).toBe('ascending')
    screen.getByRole('columnheader', { name: /^Owner/ }).focus()
    await user.keyboard(' ')
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'owner', direction: 'desc' })
  })

  it('says what to do before any search', () => {
    setup({ status: 'idle', rows: [], rowCount: 0 })
    expect(screen.getByText('Draw an area or add filters, then Search.')).toBeTruthy()
  })
})

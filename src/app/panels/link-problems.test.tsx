import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { appStore } from '../../state/store'
import { LinkProblems } from './link-problems'
import { renderPanel, resetPanels } from './panel-workspace.test-support'

afterEach(resetPanels)

describe('LinkProblems', () => {
  it('lists what a link lost and, when the search was held, runs what is left only when asked', async () => {
    const { workspace } = renderPanel(<LinkProblems />)
    expect(screen.queryByRole('alert')).toBeNull()
    act(() => {
      appStore.getState().setFilters([{ field: 'state', op: 'eq', value: 'IA' }])
      workspace.linkProblems.set(["Filter 2 was left out: unknown field 'nosuch'."])
      workspace.linkHeld.set(true)
    })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('This link’s search lost parts, so it was not run.')
    expect(alert.textContent).toContain("Filter 2 was left out: unknown field 'nosuch'.")
    expect(appStore.getState().submitted).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Run what is left (not the shared search)' }))
    expect(appStore.getState().submitted).not.toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('for a link whose search was whole, only says what else was left out', () => {
    const { workspace } = renderPanel(<LinkProblems />)
    act(() => workspace.linkProblems.set(['The map view could not be read; the map opens on its default view.']))
    expect(screen.getByRole('alert').textContent).toContain('Parts of this link could not be restored.')
    expect(screen.queryByRole('button', { name: /Run what is left/ })).toBeNull()
  })
})

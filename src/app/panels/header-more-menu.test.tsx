import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { HeaderMoreMenu } from './header-more-menu'

afterEach(cleanup)

function setup() {
  const chosen: string[] = []
  render(
    <HeaderMoreMenu
      actions={['Saved searches', 'Offline packs (2)', 'Settings'].map((label) => ({
        label,
        onSelect: () => chosen.push(label),
      }))}
    />,
  )
  return { chosen, toggle: screen.getByRole('button', { name: 'More ▾' }) }
}

describe('HeaderMoreMenu', () => {
  it('opens on its button with the first action focused, runs the one chosen and closes', async () => {
    const { chosen, toggle } = setup()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull()
    await userEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Saved searches' }))
    await userEvent.click(screen.getByRole('button', { name: 'Offline packs (2)' }))
    expect(chosen).toEqual(['Offline packs (2)'])
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    // Focus goes back to "More", so a dialog the action opens hands it back there.
    expect(document.activeElement).toBe(toggle)
  })

  it('closes on Escape with focus back on its button, and on a press outside', async () => {
    const { chosen, toggle } = setup()
    await userEvent.click(toggle)
    await userEvent.keyboard('{Tab}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Offline packs (2)' }))
    await userEvent.keyboard('{Escape}')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
    await userEvent.click(toggle)
    await userEvent.click(document.body)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(chosen).toEqual([])
  })
})

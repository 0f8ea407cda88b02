/** The popover menu every disclosure of actions uses: focus on open, Escape, a press outside, actions close it first. */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ReactNode, useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { PopoverMenu, type PopoverMenuProps } from './popover-menu'

afterEach(cleanup)

type Extra = Partial<Omit<PopoverMenuProps, 'open' | 'onOpenChange' | 'actions'>> & { inside?: ReactNode }

function Harness({ chosen, inside, ...extra }: { chosen: string[] } & Extra) {
  const [open, setOpen] = useState(false)
  const action = (label: string, detail?: string) => ({
    label,
    detail,
    // Where focus is when the action runs: a dialog it opens will hand focus back there.
    onSelect: () => chosen.push(`${label} (focus on ${document.activeElement?.textContent})`),
  })
  return (
    <>
      <PopoverMenu
        label="Tools ▾"
        className="tools"
        open={open}
        onOpenChange={setOpen}
        actions={[action('Measure'), action('Print', 'A4, landscape')]}
        {...extra}
      >
        {inside}
      </PopoverMenu>
      <button type="button">Elsewhere</button>
    </>
  )
}

function setup(extra: Extra = {}) {
  const user = userEvent.setup()
  const chosen: string[] = []
  render(<Harness chosen={chosen} {...extra} />)
  const toggle = screen.getByRole('button', { name: 'Tools ▾' })
  const panel = () => document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement
  return { user, chosen, toggle, panel }
}

it('is a collapsed disclosure whose toggle controls a hidden list of actions', () => {
  const { toggle, panel } = setup()
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(toggle.className).toBe('ghost-button')
  expect(toggle.closest('.popover-menu')?.classList.contains('tools')).toBe(true)
  expect(panel().hidden).toBe(true)
  expect(screen.queryByRole('button', { name: 'Measure' })).toBeNull()
})

it('opens with the first action focused; an action closes it, focuses the toggle, then runs', async () => {
  const { user, chosen, toggle, panel } = setup()
  await user.click(toggle)
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  expect(panel().hidden).toBe(false)
  expect(
    within(panel())
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Measure', 'PrintA4, landscape'])
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Measure' }))
  await user.click(screen.getByRole('button', { name: /^Print/ }))
  expect(chosen).toEqual(['Print (focus on Tools ▾)'])
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(document.activeElement).toBe(toggle)
})

it('Escape closes it with focus back on the toggle; a press outside closes it, one inside does not', async () => {
  const { user, chosen, toggle } = setup({ inside: <p>Progress</p> })
  await user.click(toggle)
  await user.keyboard('{Tab}{Escape}')
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(document.activeElement).toBe(toggle)
  await user.keyboard('{Enter}')
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  await user.click(screen.getByText('Progress'))
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  await user.click(screen.getByRole('button', { name: 'Elsewhere' }))
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(chosen).toEqual([])
})

it('shows a note above the actions, describing the list only when asked', () => {
  const { panel } = setup({ note: 'Two tools.' })
  expect(within(panel()).getByText('Two tools.')).toBeTruthy()
  expect(within(panel()).getByRole('list', { hidden: true }).hasAttribute('aria-describedby')).toBe(false)
  cleanup()
  const described = setup({ note: 'Two tools.', noteDescribesActions: true })
  const list = within(described.panel()).getByRole('list', { hidden: true })
  expect(document.getElementById(list.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Two tools.')
})

it('a disabled toggle does not open', async () => {
  const { user, toggle } = setup({ disabled: true, toggleClassName: 'button' })
  expect(toggle.className).toBe('button')
  await user.click(toggle)
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
})

import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { LinkChoice } from './link-choice'

afterEach(cleanup)

function Harness({ copied }: { copied: string[] }) {
  const [open, setOpen] = useState(false)
  return (
    <LinkChoice
      open={open}
      onOpenChange={setOpen}
      resultsSummary="2 areas"
      onCopyResults={() => copied.push('results')}
      onCopyEdited={() => copied.push('edited')}
    />
  )
}

it('asks which link: the results that are shown, or the edited search', async () => {
  const user = userEvent.setup()
  const copied: string[] = []
  render(<Harness copied={copied} />)
  const toggle = screen.getByRole('button', { name: 'Copy link' })
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  await user.click(toggle)
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  const results = screen.getByRole('button', { name: /Link to these results/ })
  expect(results.textContent).toContain('2 areas, searched when opened')
  expect(document.activeElement).toBe(results)
  await user.click(results)
  expect(copied).toEqual(['results'])
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(document.activeElement).toBe(toggle)

  await user.click(toggle)
  await user.click(screen.getByRole('button', { name: /Link to the edited search/ }))
  expect(copied).toEqual(['results', 'edited'])
})

it('Escape closes the choice without copying and returns focus', async () => {
  const user = userEvent.setup()
  const copied: string[] = []
  render(<Harness copied={copied} />)
  const toggle = screen.getByRole('button', { name: 'Copy link' })
  await user.click(toggle)
  await user.keyboard('{Escape}')
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(document.activeElement).toBe(toggle)
  expect(copied).toEqual([])
})

/** "Copy" buttons (APN, address, UUID): copy the value and say so, briefly, in a live region. */
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { CopyButton } from './copy-button'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
  Reflect.deleteProperty(document, 'execCommand')
})

it('copies the value, says “Copied” in a status region, and clears the word after two seconds', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  render(<CopyButton text="09-12-300-001" label="Copy APN" />)
  const status = screen.getByRole('status')
  expect(status.textContent).toBe('')
  await user.click(screen.getByRole('button', { name: 'Copy APN' }))
  expect(await navigator.clipboard.readText()).toBe('09-12-300-001')
  expect(status.textContent).toBe('Copied')
  act(() => vi.advanceTimersByTime(1900))
  expect(status.textContent).toBe('Copied')
  act(() => vi.advanceTimersByTime(200))
  expect(status.textContent).toBe('')
})

it('works from the keyboard: Tab to it, Enter copies', async () => {
  const user = userEvent.setup()
  render(<CopyButton text="1200 W LINCOLN WAY" label="Copy address" />)
  await user.tab()
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy address' }))
  await user.keyboard('{Enter}')
  expect(await navigator.clipboard.readText()).toBe('1200 W LINCOLN WAY')
  expect(screen.getByRole('status').textContent).toBe('Copied')
})

it('says “Copy failed” when the clipboard refuses and the fallback cannot copy either', async () => {
  const user = userEvent.setup()
  render(<CopyButton text="secret" label="Copy UUID" />)
  const writeText = vi
    .spyOn(navigator.clipboard, 'writeText')
    .mockRejectedValue(new DOMException('denied', 'NotAllowedError'))
  // The textarea fallback: execCommand('copy') reports failure.
  const execCommand = vi.fn(() => false)
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true })
  await user.click(screen.getByRole('button', { name: 'Copy UUID' }))
  expect(writeText).toHaveBeenCalledWith('secret')
  expect(execCommand).toHaveBeenCalledWith('copy')
  expect(screen.getByRole('status').textContent).toBe('Copy failed')
  // The fallback's hidden textarea is gone and focus is back on the button.
  expect(document.querySelector('textarea')).toBeNull()
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy UUID' }))
})

it('a different value forgets the old “Copied”', async () => {
  const user = userEvent.setup()
  const { rerender } = render(<CopyButton text="A-1" label="Copy APN" />)
  await user.click(screen.getByRole('button', { name: 'Copy APN' }))
  expect(screen.getByRole('status').textContent).toBe('Copied')
  rerender(<CopyButton text="B-2" label="Copy APN" />)
  expect(screen.getByRole('status').textContent).toBe('')
})

/** The map's tool bar: one pressed tool, arrow keys along it, Undo/Redo/Clear only when they can act. */
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, expect, it, vi } from 'vitest'
import type { MapTool } from '../../state/ui-slice'
import { DrawToolbar, TOOLS, toolForKey } from './draw-toolbar'

afterEach(cleanup)

function Harness(props: { areaCount?: number; canUndo?: boolean; canRedo?: boolean; onClear?(): void }) {
  const [tool, setTool] = useState<MapTool>('pan')
  const [locked, setLocked] = useState(false)
  return (
    <>
      <button type="button">Before</button>
      <DrawToolbar
        tool={tool}
        onTool={setTool}
        locked={locked}
        onLockedChange={setLocked}
        onClear={props.onClear ?? (() => {})}
        areaCount={props.areaCount ?? 0}
        onUndo={() => {}}
        onRedo={() => {}}
        canUndo={props.canUndo ?? false}
        canRedo={props.canRedo ?? false}
      />
      <button type="button">After</button>
    </>
  )
}

const bar = () => within(screen.getByRole('toolbar', { name: 'Map tools' }))
const pressed = () =>
  bar()
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent)

it('shows every tool with its key, Pan pressed; clicking a tool presses it and only it', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  for (const t of TOOLS) {
    const b = bar().getByRole('button', { name: `${t.label}` })
    expect(b.getAttribute('aria-keyshortcuts')).toBe(t.key)
    expect(b.getAttribute('title')).toBe(`${t.hint} (${t.key})`)
  }
  expect(pressed()).toEqual(['PanH'])
  await user.click(bar().getByRole('button', { name: 'Rectangle' }))
  expect(pressed()).toEqual(['RectangleR'])
  await user.click(bar().getByRole('button', { name: 'Identify' }))
  expect(pressed()).toEqual(['IdentifyI'])
})

it('"Keep tool" is a toggle button', async () => {
  const user = userEvent.setup()
  render(<Harness />)
  const lock = bar().getByRole('button', { name: 'Keep tool' })
  expect(lock.getAttribute('aria-pressed')).toBe('false')
  await user.click(lock)
  expect(lock.getAttribute('aria-pressed')).toBe('true')
  await user.click(lock)
  expect(lock.getAttribute('aria-pressed')).toBe('false')
})

it('Undo, Redo and Clear all are disabled until there is something to undo, redo or clear', async () => {
  const user = userEvent.setup()
  const onClear = vi.fn()
  const { rerender } = render(<Harness onClear={onClear} />)
  for (const name of ['Undo', 'Redo', 'Clear all']) {
    expect((bar().getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true)
  }
  rerender(<Harness onClear={onClear} areaCount={2} canUndo />)
  expect((bar().getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(false)
  expect((bar().getByRole('button', { name: 'Redo' }) as HTMLButtonElement).disabled).toBe(true)
  await user.click(bar().getByRole('button', { name: 'Clear all' }))
  expect(onClear).toHaveBeenCalledTimes(1)
})

it('is one stop on the Tab path (the pressed tool); arrows, Home and End move along it, skipping disabled buttons', async () => {
  const user = userEvent.setup()
  const { rerender } = render(<Harness areaCount={1} />)
  const focused = () => document.activeElement?.textContent
  await user.tab()
  expect(focused()).toBe('Before')
  await user.tab()
  expect(focused()).toBe('PanH')
  await user.tab()
  expect(focused()).toBe('After')
  await user.tab({ shift: true })
  await user.keyboard('{ArrowRight}{ArrowRight}')
  expect(focused()).toBe('PolygonP')
  await user.keyboard('{ArrowLeft}')
  expect(focused()).toBe('EditS')
  await user.keyboard('{End}')
  // Undo and Redo are disabled, so the last stop is Clear all.
  expect(focused()).toBe('Clear all')
  await user.keyboard('{ArrowRight}') // wraps round
  expect(focused()).toBe('PanH')
  await user.keyboard('{ArrowUp}')
  expect(focused()).toBe('Clear all')
  await user.keyboard('{Home}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}')
  expect(pressed()).toEqual(['RectangleR'])
  // Tab leaves the bar; coming back lands on the button last used.
  await user.tab()
  expect(focused()).toBe('After')
  await user.tab({ shift: true })
  expect(focused()).toBe('RectangleR')
  await user.keyboard('{End}')
  expect(focused()).toBe('Clear all')
  await user.tab()
  // Clear all can no longer act (no areas left): the stop falls back to the pressed tool, never vanishes.
  rerender(<Harness areaCount={0} />)
  await user.tab({ shift: true })
  expect(focused()).toBe('RectangleR')
})

it('maps single keys to tools, in either case, and nothing else', () => {
  expect(toolForKey('p')).toBe('polygon')
  expect(toolForKey('R')).toBe('rectangle')
  expect(toolForKey('o')).toBe('point')
  expect(toolForKey('k')).toBeNull() // Keep tool is a toggle, not a tool
  expect(toolForKey('x')).toBeNull()
})

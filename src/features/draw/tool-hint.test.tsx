/** The picked tool's guidance on the map: the shape in progress, the polygon's Done and Undo corner, a refusal's reason. */
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import type { ShapeProgress } from '../../ports/workspace-ports'
import { appStore } from '../../state/store'
import { ValueStore } from '../../state/value-store'
import { type ShapeInProgress, ToolHint } from './tool-hint'

afterEach(() => {
  cleanup()
  appStore.getState().setDrawNotice(null)
})

function shape() {
  const calls: string[] = []
  const s: ShapeInProgress = {
    progress: new ValueStore<ShapeProgress | null>(null),
    finishShape: () => calls.push('done'),
    undoCorner: () => calls.push('undo'),
  }
  return { s, calls }
}

it('says how to draw by touch, then why a shape was refused, until another tool is picked', () => {
  const { s } = shape()
  appStore.getState().setDrawNotice({ level: 'warning', message: 'An old refusal.' })
  const { rerender } = render(<ToolHint tool="circle" touch onExit={() => {}} shape={s} />)
  const hint = screen.getByRole('status')
  expect(hint.textContent).toContain('Tap the centre, then tap the edge')
  expect(hint.textContent).not.toContain('An old refusal.')
  act(() =>
    appStore
      .getState()
      .setDrawNotice({ level: 'warning', message: 'Area not added: the circle is too small to search.' }),
  )
  expect(hint.textContent).toContain('Area not added: the circle is too small to search.')
  rerender(<ToolHint tool="rectangle" touch onExit={() => {}} shape={s} />)
  expect(hint.textContent).not.toContain('too small')
  act(() => appStore.getState().setDrawNotice({ level: 'info', message: 'Freehand area simplified.' }))
  expect(hint.textContent).not.toContain('simplified')
})

it("shows a circle's radius live, in US units and metric", () => {
  const { s } = shape()
  render(<ToolHint tool="circle" touch onExit={() => {}} shape={s} />)
  act(() => s.progress.set({ kind: 'circle', radiusMetres: 0.01 }))
  expect(screen.getByTestId('shape-progress').textContent).toBe('Centre placed; now tap the edge.')
  act(() => s.progress.set({ kind: 'circle', radiusMetres: 62 }))
  expect(screen.getByTestId('shape-progress').textContent).toMatch(/^Radius 203 ft · 62 m$/)
  act(() => s.progress.set(null))
  expect(screen.queryByTestId('shape-progress')).toBeNull()
})

it("a polygon's corners so far, Undo corner, and Done once there are three", async () => {
  const user = userEvent.setup()
  const { s, calls } = shape()
  render(<ToolHint tool="polygon" touch onExit={() => {}} shape={s} />)
  act(() => s.progress.set({ kind: 'polygon', corners: 2 }))
  expect(screen.getByTestId('shape-progress').textContent).toContain('2 corners')
  expect(screen.getByRole('button', { name: 'Done' })).toHaveProperty('disabled', true)
  await user.click(screen.getByRole('button', { name: 'Undo corner' }))
  act(() => s.progress.set({ kind: 'polygon', corners: 3 }))
  await user.click(screen.getByRole('button', { name: 'Done' }))
  expect(calls).toEqual(['undo', 'done'])
})

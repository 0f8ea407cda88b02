/** The picked tool's guidance on the map, and a refused shape's reason beside it. */
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { appStore } from '../../state/store'
import { ToolHint } from './tool-hint'

afterEach(() => {
  cleanup()
  appStore.getState().setDrawNotice(null)
})

it('says how to draw by touch, then why a shape was refused, until another tool is picked', () => {
  appStore.getState().setDrawNotice({ level: 'warning', message: 'An old refusal.' })
  const { rerender } = render(<ToolHint tool="circle" touch onExit={() => {}} />)
  const hint = screen.getByRole('status')
  expect(hint.textContent).toContain('Tap the centre, then tap the edge')
  expect(hint.textContent).not.toContain('An old refusal.')
  act(() =>
    appStore
      .getState()
      .setDrawNotice({ level: 'warning', message: 'Area not added: the circle is too small to search.' }),
  )
  expect(hint.textContent).toContain('Area not added: the circle is too small to search.')
  rerender(<ToolHint tool="rectangle" touch onExit={() => {}} />)
  expect(hint.textContent).not.toContain('too small')
  act(() => appStore.getState().setDrawNotice({ level: 'info', message: 'Freehand area simplified.' }))
  expect(hint.textContent).not.toContain('simplified')
})

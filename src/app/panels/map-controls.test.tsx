import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { type ThemeId, themeById } from '../../format/themes'
import { MapControls } from './map-controls'

afterEach(cleanup)

function Folded({ theme = 'plain' as ThemeId }) {
  const [open, setOpen] = useState(false)
  return (
    <MapControls open={open} onOpenChange={setOpen} theme={theme}>
      <button type="button">Basemap</button>
    </MapControls>
  )
}

const panelOf = (toggle: HTMLElement) => document.getElementById(toggle.getAttribute('aria-controls') ?? '')

describe('MapControls (the phone’s folded map options)', () => {
  it('one button opens the options; Done and Escape fold them, Escape handing focus back to the button', async () => {
    render(<Folded />)
    const toggle = screen.getByRole('button', { name: 'Map options' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(panelOf(toggle)?.getAttribute('data-open')).toBe('false')

    await userEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(panelOf(toggle)?.getAttribute('data-open')).toBe('true')
    expect(panelOf(toggle)?.contains(screen.getByRole('button', { name: 'Basemap' }))).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Done' }))
    expect(toggle.getAttribute('aria-expanded')).toBe('false')

    await userEvent.click(toggle)
    screen.getByRole('button', { name: 'Basemap' }).focus()
    await userEvent.keyboard('{Escape}')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
  })

  it('the folded button shows the colours of a coloured theme, none for one colour', () => {
    const { unmount } = render(<Folded theme="plain" />)
    expect(document.querySelectorAll('.map-controls-swatches span')).toHaveLength(0)
    unmount()
    render(<Folded theme="acres" />)
    const colours = Array.from(document.querySelectorAll<HTMLElement>('.map-controls-swatches span'))
    expect(colours.length).toBe(themeById('acres').classes.length)
    expect(colours.length).toBeGreaterThan(1)
  })
})

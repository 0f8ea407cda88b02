import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CountyDialog } from './county-dialog'

// The Census atlas the app fetches as a static asset: the real file, served from node_modules.
const atlas = readFileSync(createRequire(import.meta.url).resolve('us-atlas/counties-10m.json'), 'utf8')

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) =>
    String(url).includes('counties-10m') ? new Response(atlas) : new Response('not here', { status: 404 }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('CountyDialog', () => {
  it('starts on the state, lists its counties, and hands back the picked county’s outline and name', async () => {
    const onPick = vi.fn()
    render(<CountyDialog onPick={onPick} onClose={() => {}} />)
    expect(screen.getByRole('dialog', { name: 'Search a county' })).toBeTruthy()
    const state = screen.getByRole('combobox', { name: 'State' })
    const county = screen.getByRole('combobox', { name: 'County' }) as HTMLSelectElement
    expect(document.activeElement).toBe(state)
    expect(county.disabled).toBe(true)
    const submit = screen.getByRole('button', { name: 'Search this county' }) as HTMLButtonElement
    expect(submit.disabled).toBe(true)

    await userEvent.selectOptions(state, 'Iowa')
    await waitFor(() => expect(county.disabled).toBe(false))
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('Story')
    await userEvent.selectOptions(county, 'Story')
    await userEvent.click(submit)
    await waitFor(() => expect(onPick).toHaveBeenCalledOnce())
    const [polygons, name] = onPick.mock.calls[0]!
    expect(name).toBe('Story County, IA')
    expect(polygons.length).toBeGreaterThan(0)
    expect(polygons[0].type).toBe('Polygon')
  })

  it('Cancel closes without a pick', async () => {
    const onPick = vi.fn()
    const onClose = vi.fn()
    render(<CountyDialog onPick={onPick} onClose={onClose} />)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledOnce()
    expect(onPick).not.toHaveBeenCalled()
  })
})

import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connectionStore } from '../../api/connection'
import { searchSettingsStore } from '../../config/search-settings'
import type { LoadPolicy } from '../../state/search-spec'
import { SettingsDialog } from './settings-dialog'

// The dialog never calls the network; any call would be a bug.
const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in this test')))

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  connectionStore.getState().set({ baseUrl: '', apiKey: 'plat_old', remember: false })
  searchSettingsStore.getState().set({ confirmThreshold: 50 })
  vi.stubGlobal('fetch', fetchSpy)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  expect(fetchSpy).not.toHaveBeenCalled()
})

/** The header's Settings button and the dialog it opens, as the app wires them. */
function Harness({ reason, onPolicy }: { reason?: string; onPolicy?(p: LoadPolicy): void }) {
  const [open, setOpen] = useState(false)
  const [policy, setPolicy] = useState<LoadPolicy>('all')
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Settings
      </button>
      <output data-testid="policy">{policy}</output>
      {open && (
        <SettingsDialog
          reason={reason}
          onClose={() => setOpen(false)}
          loadPolicy={policy}
          onLoadPolicyChange={(p) => {
            setPolicy(p)
            onPolicy?.(p)
          }}
        />
      )}
    </>
  )
}

async function openSettings(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup()
  render(<Harness {...props} />)
  await user.click(screen.getByRole('button', { name: 'Settings' }))
  const dialog = await screen.findByRole('dialog', { name: 'Settings' })
  return {
    user,
    dialog,
    url: screen.getByLabelText('API base URL') as HTMLInputElement,
    key: screen.getByLabelText('API key') as HTMLInputElement,
    remember: screen.getByRole('checkbox', { name: 'Remember on this device' }) as HTMLInputElement,
    save: screen.getByRole('button', { name: 'Save' }),
  }
}

describe('settings: base URL and key are checked before they are used', () => {
  it('an address without a scheme is refused with a reason; Save puts the cursor there and keeps the dialog', async () => {
    const { user, url, save } = await openSettings()
    await user.type(url, 'api.example.com')
    expect(url.getAttribute('aria-invalid')).toBe('true')
    const reason = document.getElementById(url.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toMatch(/full address such as https:\/\//)
    await user.click(save)
    expect(document.activeElement).toBe(url)
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy()
    expect(connectionStore.getState().baseUrl).toBe('')

    for (const [bad, why] of [
      ['ftp://api.example.com', /must start with https/],
      ['https://api.example.com/?key=1', /Leave out/],
      ['https://me:secret@api.example.com', /not the address/],
    ] as const) {
      await user.clear(url)
      await user.type(url, bad)
      expect(document.getElementById(url.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(why)
    }
    await user.clear(url)
    await user.type(url, '  https://api.example.com/v1/  ')
    expect(url.getAttribute('aria-invalid')).toBe('false')
    expect(url.getAttribute('aria-describedby')).toBeNull()
    await user.click(save)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(connectionStore.getState().baseUrl).toBe('https://api.example.com/v1/')
  })

  it('plain http to another server is allowed with a warning; an empty address means this server', async () => {
    const { user, url, save } = await openSettings()
    await user.type(url, 'http://10.0.0.5:8787')
    expect(url.getAttribute('aria-invalid')).toBe('false')
    expect(document.getElementById(url.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/use https/)
    await user.clear(url)
    expect(url.getAttribute('aria-describedby')).toBeNull()
    await user.click(save)
    expect(connectionStore.getState().baseUrl).toBe('')
  })

  it('a key with "Bearer" or a space is refused; a good key is saved trimmed, hidden until Show', async () => {
    const { user, key, save } = await openSettings()
    expect(key.type).toBe('password')
    await user.clear(key)
    await user.type(key, 'Bearer plat_abc')
    expect(key.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Paste the key alone, without “Bearer”.')).toBeTruthy()
    await user.click(save)
    expect(document.activeElement).toBe(key)
    expect(connectionStore.getState().apiKey).toBe('plat_old')
    await user.clear(key)
    await user.type(key, 'plat_a bc')
    expect(screen.getByText('An API key has no spaces or line breaks.')).toBeTruthy()
    await user.clear(key)
    await user.type(key, ' plat_new ')
    expect(key.getAttribute('aria-invalid')).toBe('false')
    await user.click(screen.getByRole('button', { name: 'Show' }))
    expect(key.type).toBe('text')
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true')
    await user.click(save)
    expect(connectionStore.getState().apiKey).toBe('plat_new')
  })
})

describe('settings: remember, cancel, load policy', () => {
  it('"Remember on this device" keeps URL and key in session storage; unticking forgets them', async () => {
    let s = await openSettings()
    expect(s.remember.checked).toBe(false)
    await s.user.click(s.remember)
    await s.user.click(s.save)
    expect(JSON.parse(sessionStorage.getItem('plat.connection') ?? 'null')).toEqual({ baseUrl: '', apiKey: 'plat_old' })
    cleanup()
    s = await openSettings()
    expect(s.remember.checked).toBe(true)
    await s.user.click(s.remember)
    await s.user.click(s.save)
    expect(sessionStorage.getItem('plat.connection')).toBeNull()
    expect(connectionStore.getState().apiKey).toBe('plat_old') // still in memory for this page
  })

  it('Cancel drops every edit', async () => {
    const { user, url, key, remember } = await openSettings()
    await user.type(url, 'https://elsewhere.example')
    await user.clear(key)
    await user.type(key, 'plat_other')
    await user.click(remember)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(connectionStore.getState()).toMatchObject({ baseUrl: '', apiKey: 'plat_old', remember: false })
    expect(sessionStorage.getItem('plat.connection')).toBeNull()
  })

  it('load policy and the cost threshold apply on Save; a bad threshold is refused', async () => {
    const onPolicy = vi.fn()
    const { user, save } = await openSettings({ onPolicy })
    const group = screen.getByRole('radiogroup', { name: 'Loading results' })
    expect(group).toBeTruthy()
    expect((screen.getByRole('radio', { name: 'Load all matching records' }) as HTMLInputElement).checked).toBe(true)
    await user.click(screen.getByRole('radio', { name: 'Load pages as I scroll' }))
    expect(onPolicy).not.toHaveBeenCalled() // a draft until Save
    const threshold = screen.getByLabelText('Ask before searches costing more than') as HTMLInputElement
    await user.clear(threshold)
    await user.type(threshold, '0')
    expect(screen.getByText('Enter a whole number of calls, 1 or more.')).toBeTruthy()
    await user.click(save)
    expect(document.activeElement).toBe(threshold)
    expect(onPolicy).not.toHaveBeenCalled()
    await user.clear(threshold)
    await user.type(threshold, '200')
    await user.click(save)
    expect(onPolicy).toHaveBeenCalledWith('on-demand')
    expect(screen.getByTestId('policy').textContent).toBe('on-demand')
    expect(searchSettingsStore.getState().confirmThreshold).toBe(200)
  })
})

describe('settings: focus', () => {
  it('opened by a rejected key: the reason is an alert and the cursor is in the key field', async () => {
    const { key } = await openSettings({ reason: 'The server did not accept the API key: invalid key' })
    expect(screen.getByRole('alert').textContent).toBe('The server did not accept the API key: invalid key')
    await waitFor(() => expect(document.activeElement).toBe(key))
  })

  it('is a modal dialog; closing it (× or Escape) returns focus to the Settings button', async () => {
    let s = await openSettings()
    const opener = screen.getByRole('button', { name: 'Settings' })
    expect((s.dialog as HTMLDialogElement).open).toBe(true)
    expect(s.dialog.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Settings' }).id)
    await s.user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    cleanup()
    s = await openSettings()
    s.key.focus()
    // A browser fires `cancel` on the open modal when Escape is pressed; happy-dom does not, so it is sent here.
    s.dialog.dispatchEvent(new Event('cancel', { cancelable: true }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Settings' }))
  })
})

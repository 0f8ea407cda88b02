import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { appUpdate, registerAppUpdates } from './app-update'
import { swStub as sw } from './pwa-register.test-support'
import { OFFLINE_NEWS_MS, UpdateNotice } from './update-notice'

beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
  registerAppUpdates()
})
afterEach(() => {
  cleanup()
  act(() => appUpdate.dismiss())
  vi.useRealTimers()
})

it('says nothing of being installed in a browser tab, though the shell is cached (issue 37)', () => {
  render(<UpdateNotice />)
  act(() => sw.callbacks.onOfflineReady?.())
  expect(screen.queryByRole('status')).toBeNull()
})

it('says once that Plat is installed when it is added to the device, then goes by itself', () => {
  vi.useFakeTimers()
  render(<UpdateNotice />)
  expect(screen.queryByRole('status')).toBeNull()
  act(() => sw.callbacks.onOfflineReady?.())
  expect(screen.queryByRole('status')).toBeNull()
  act(() => {
    window.dispatchEvent(new Event('appinstalled'))
  })
  expect(screen.getByRole('status').textContent).toContain('Plat is installed on this device')
  act(() => vi.advanceTimersByTime(OFFLINE_NEWS_MS - 100))
  expect(screen.queryByRole('status')).not.toBeNull()
  act(() => vi.advanceTimersByTime(200))
  expect(screen.queryByRole('status')).toBeNull()
})

it('a new version waits for the person: Later keeps it for the next visit, Reload now applies it', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  render(<UpdateNotice />)
  act(() => sw.callbacks.onNeedRefresh?.())
  act(() => vi.advanceTimersByTime(OFFLINE_NEWS_MS * 2))
  expect(screen.getByRole('status').textContent).toContain('A new version of Plat is ready')
  await userEvent.click(screen.getByRole('button', { name: 'Reload now' }))
  expect(sw.updates).toEqual([true])
  await userEvent.click(screen.getByRole('button', { name: 'Later' }))
  expect(screen.queryByRole('status')).toBeNull()
})

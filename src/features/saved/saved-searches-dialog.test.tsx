/** Saved searches: save the current one, reopen, rename and delete in place, move them between browsers as a file. */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { catchDownloads, type SavedFile } from '../../ui/download.test-support'
import { SavedSearchesDialog } from './saved-searches-dialog'
import { STORAGE_KEY, saveSearch } from './saved-store'

let saved: SavedFile[]
beforeEach(() => {
  localStorage.clear()
  saved = catchDownloads()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function Harness({ query, onOpen }: { query: string; onOpen(q: string): void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Saved searches
      </button>
      {open && (
        <SavedSearchesDialog
          currentQuery={query}
          suggestedName="Story County, IA"
          onOpen={onOpen}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}

async function openSaved(query = 'v=1&a=story') {
  const user = userEvent.setup()
  const onOpen = vi.fn()
  render(<Harness query={query} onOpen={onOpen} />)
  await user.click(screen.getByRole('button', { name: 'Saved searches' }))
  const dialog = screen.getByRole('dialog', { name: 'Saved searches' })
  return {
    user,
    onOpen,
    dialog,
    name: within(dialog).getByRole('textbox', { name: 'Save the current search as' }) as HTMLInputElement,
    status: () => within(dialog).getByRole('status').textContent,
    heading: () => within(dialog).getByRole('heading', { level: 3 }),
    rows: () =>
      within(dialog)
        .queryAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
  }
}
const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{"searches":[]}').searches

it('with no search yet, saving is off and says why; the empty list says so', async () => {
  const { dialog, name } = await openSaved('')
  const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement
  expect(save.disabled).toBe(true)
  expect(name.disabled).toBe(true)
  expect(document.getElementById(save.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'Draw an area or add filters first: there is no search to save yet.',
  )
  expect(within(dialog).getByText('No saved searches in this browser yet.')).toBeTruthy()
})

it('saves under the suggested name; a taken name asks to Replace first', async () => {
  const { user, dialog, name, status, heading, rows } = await openSaved()
  expect(name.value).toBe('Story County, IA')
  await user.click(within(dialog).getByRole('button', { name: 'Save' }))
  expect(status()).toBe('Saved “Story County, IA”.')
  expect(heading().textContent).toBe('Saved in this browser (1)')
  expect(rows()).toEqual(['Story County, IA'])
  expect(stored()).toMatchObject([{ name: 'Story County, IA', query: 'v=1&a=story' }])

  await user.clear(name)
  await user.type(name, 'story county, ia{Enter}')
  expect(status()).toBe('A saved search is already called “story county, ia”. Press Replace to overwrite it.')
  expect(stored()).toHaveLength(1)
  // Changing the name takes the question back.
  await user.type(name, ' 2')
  expect(within(dialog).queryByRole('button', { name: 'Replace' })).toBeNull()
  await user.type(name, '{Backspace}{Backspace}')
  await user.click(within(dialog).getByRole('button', { name: 'Save' }))
  await user.click(within(dialog).getByRole('button', { name: 'Replace' }))
  expect(status()).toBe('Saved “story county, ia”.')
  expect(rows()).toEqual(['story county, ia'])

  await user.clear(name)
  await user.type(name, '   {Enter}')
  expect(status()).toBe('Give the search a name.')
})

it('Open hands the saved link to the app', async () => {
  saveSearch(localStorage, { name: 'Finney wheat', query: 'v=1&a=finney' })
  const { user, dialog, onOpen } = await openSaved()
  await user.click(within(dialog).getByRole('button', { name: 'Open Finney wheat' }))
  expect(onOpen).toHaveBeenCalledWith('v=1&a=finney')
})

it('a row action another feature offers (the app’s “Watch”) is given each saved search', async () => {
  saveSearch(localStorage, { name: 'Finney wheat', query: 'v=1&a=finney' })
  const user = userEvent.setup()
  const onRow = vi.fn()
  render(
    <SavedSearchesDialog
      currentQuery=""
      suggestedName=""
      onOpen={() => {}}
      onClose={() => {}}
      rowAction={(search) => (
        <button type="button" className="button" onClick={() => onRow(search.query)}>
          Watch {search.name}
        </button>
      )}
    />,
  )
  await user.click(screen.getByRole('button', { name: 'Watch Finney wheat' }))
  expect(onRow).toHaveBeenCalledWith('v=1&a=finney')
})

it('Rename edits in place: the name selected, Enter keeps it, Escape leaves it; focus goes back to Rename', async () => {
  saveSearch(localStorage, { name: 'Finney wheat', query: 'v=1&a=finney' })
  saveSearch(localStorage, { name: 'Story corn', query: 'v=1&a=story' })
  const { user, dialog, status, rows } = await openSaved()
  await user.click(within(dialog).getByRole('button', { name: 'Rename Finney wheat' }))
  const input = within(dialog).getByRole('textbox', { name: 'New name for Finney wheat' }) as HTMLInputElement
  expect(document.activeElement).toBe(input)
  expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'Finney wheat'.length])
  await user.keyboard('Story corn{Enter}')
  expect(status()).toBe('A saved search is already called “Story corn”.')
  expect(document.activeElement).toBe(input) // still renaming, nothing lost
  await user.keyboard('{Escape}')
  expect(screen.getByRole('dialog', { name: 'Saved searches' })).toBeTruthy()
  expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Rename Finney wheat' }))
  await user.keyboard('{Enter}')
  await user.keyboard('Finney winter wheat{Enter}')
  expect(status()).toBe('Renamed to “Finney winter wheat”.')
  expect(rows()).toContain('Finney winter wheat')
  expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Rename Finney winter wheat' }))
})

it('Delete asks first with Keep focused; Escape keeps it; deleting moves focus to the list heading', async () => {
  saveSearch(localStorage, { name: 'Finney wheat', query: 'v=1&a=finney' })
  const { user, dialog, status, heading, rows } = await openSaved()
  await user.click(within(dialog).getByRole('button', { name: 'Delete Finney wheat' }))
  expect(within(dialog).getByText('Delete “Finney wheat”?')).toBeTruthy()
  expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep' }))
  await user.keyboard('{Escape}')
  expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Delete Finney wheat' }))
  expect(rows()).toEqual(['Finney wheat'])
  await user.keyboard('{Enter}')
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
  expect(status()).toBe('Deleted “Finney wheat”.')
  expect(rows()).toEqual([])
  expect(document.activeElement).toBe(heading())
  expect(heading().textContent).toBe('Saved in this browser (0)')
  expect(stored()).toEqual([])
})

it('Export to file saves every search; importing that file in another browser adds them', async () => {
  saveSearch(localStorage, { name: 'Finney wheat', query: 'v=1&a=finney' })
  saveSearch(localStorage, { name: 'Story corn', query: 'v=1&a=story' })
  let s = await openSaved()
  await s.user.click(within(s.dialog).getByRole('button', { name: 'Export to file' }))
  expect(s.status()).toBe('Exported 2 saved searches.')
  const file = saved[0] as SavedFile
  expect(file.name).toMatch(/^plat-saved-searches-\d{4}-\d{2}-\d{2}\.json$/)
  const text = await file.blob.text()

  cleanup()
  localStorage.clear()
  saveSearch(localStorage, { name: 'Story corn', query: 'v=1&a=story' })
  s = await openSaved()
  const input = within(s.dialog).getByLabelText('Import from file…') as HTMLInputElement
  await s.user.upload(input, new File([text], file.name, { type: 'application/json' }))
  await waitFor(() => expect(s.status()).toBe('Imported 1 search; 1 was already saved.'))
  expect(s.rows().sort()).toEqual(['Finney wheat', 'Story corn'])
  expect(input.value).toBe('')
})

it('a file that is not ours is refused with the reason and nothing changes', async () => {
  saveSearch(localStorage, { name: 'Story corn', query: 'v=1&a=story' })
  const { user, dialog, status, rows } = await openSaved()
  const input = within(dialog).getByLabelText('Import from file…') as HTMLInputElement
  await user.upload(input, new File(['owner,acres\n'], 'parcels.json', { type: 'application/json' }))
  await waitFor(() => expect(status()).toBe('This file is not a Plat saved-searches file. (It is not JSON.)'))
  await user.upload(input, new File(['{"format":"plat-saved-searches","version":9,"searches":[]}'], 'new.json'))
  await waitFor(() =>
    expect(status()).toBe('This file was saved by a newer version of Plat; update Plat to import it.'),
  )
  expect(rows()).toEqual(['Story corn'])
})

it('browser storage full: the save is refused with the reason and the list is unchanged', async () => {
  const { user, dialog, status, rows } = await openSaved()
  // A full storage in place of the page's: a spy on happy-dom's own storage outlived the test (its
  // storage keeps what is set on it as items), and a later file's writes were refused.
  const real = localStorage
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => real.getItem(k),
    removeItem: (k: string) => real.removeItem(k),
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError')
    },
  })
  await user.click(within(dialog).getByRole('button', { name: 'Save' }))
  expect(status()).toBe('Browser storage is full; delete some saved searches and try again.')
  expect(rows()).toEqual([])
})

import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryStorage } from '../../state/memory-storage.test-support'
import { SavedSearchesDialog } from './saved-searches-dialog'
import { saveSearch } from './saved-store'

// No DOM in the unit project: a server render checks labels, escaping and the disabled-save note.
const render = (currentQuery: string) =>
  renderToStaticMarkup(
    createElement(SavedSearchesDialog, { currentQuery, suggestedName: 'Story County IA', onOpen() {}, onClose() {} }),
  )

afterEach(() => vi.unstubAllGlobals())

describe('SavedSearchesDialog markup', () => {
  it('renders hostile names as text and labels every control', () => {
    const storage = memoryStorage()
    const hostile = '<img src=x onerror=alert(1)>'
    saveSearch(storage, { name: hostile, query: 'v=1&a' }, new Date('2026-01-01'))
    saveSearch(storage, { name: '田んぼ 🌾 '.repeat(10), query: 'v=1&b' }, new Date('2026-01-02'))
    vi.stubGlobal('localStorage', storage)
    const html = render('v=1&c')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('田んぼ 🌾')
    expect(html).toContain('value="Story County IA"')
    expect(html).toMatch(/<label for="([^"]+)">Save the current search as<\/label><input id="\1"/)
    expect(html).toMatch(/<label for="([^"]+)" class="button">Import from file…<\/label>/)
    expect(html).toContain('<span class="visually-hidden"> &lt;img src=x onerror=alert(1)&gt;</span>')
    expect(html).toContain('role="status"')
    expect(html).toContain('Saved in this browser (2)')
  })

  it('disables saving with a reason when there is no search', () => {
    vi.stubGlobal('localStorage', memoryStorage())
    const html = render('')
    expect(html).toMatch(/<button type="submit" class="button button-primary" disabled="" aria-describedby="([^"]+)">/)
    expect(html).toContain('there is no search to save yet')
    expect(html).toContain('No saved searches in this browser yet.')
  })
})

import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import { wordsWorld } from './words.test-support'
import { WordsBox } from './words-box'

afterEach(cleanup)

const box = () => screen.getByRole('searchbox', { name: 'Ask in words' })
const panel = () => screen.getByRole('region', { name: 'What the words ask' })

it('reads the sentence on Enter: parts underlined, unknown words marked with the reason, rows filled, nothing run', async () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  const { flow, store } = wordsWorld()
  render(<WordsBox flow={flow} />)
  await userEvent.type(box(), 'corn over 80 acres in Story County sold since 2020 zorbl{Enter}')

  const sentence = within(panel()).getByTestId('words-sentence')
  const underlined = [...sentence.querySelectorAll('u')].map((u) => u.textContent)
  expect(underlined).toEqual(['corn', 'over 80 acres', 'Story County'])
  const marked = [...sentence.querySelectorAll('mark')]
  expect(marked.map((m) => m.textContent)).toEqual(['sold since 2020', 'zorbl'])
  expect(marked[0]!.title).toMatch(/sale dates/)
  expect(marked[1]!.title).toBe('not understood; left out of the search')

  const understood = within(panel()).getByRole('list', { name: 'Understood' })
  expect(
    within(understood)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    '“corn” Crop / land cover is Corn',
    '“over 80 acres” Acres greater than 80',
    '“Story County” In Story County, IA',
  ])
  const notUnderstood = within(panel()).getByRole('list', { name: 'Not understood' })
  expect(within(notUnderstood).getAllByRole('listitem')[1]!.textContent).toBe(
    '“zorbl” not understood; left out of the search',
  )

  const s = store.getState()
  expect(s.filters).toEqual([
    { field: 'cdl_majority_category', op: 'eq', value: 'Corn' },
    { field: 'acres', op: 'gt', value: 80 },
    { field: 'state_fp', op: 'eq', value: '19' },
    { field: 'county_fp', op: 'eq', value: '169' },
  ])
  expect(s.mode).toBe('direct')
  expect(s.submitted).toBeNull()
  expect(fetchSpy).not.toHaveBeenCalled()

  await userEvent.click(within(panel()).getByRole('button', { name: 'Edit the filters' }))
  expect(store.getState().searchSheetOpen).toBe(true)
  expect(screen.queryByRole('region', { name: 'What the words ask' })).toBeNull()
  await userEvent.type(box(), '{Enter}')
  await userEvent.click(within(panel()).getByRole('button', { name: 'Search' }))
  expect(store.getState().submitted?.filters).toEqual(s.filters)
  expect(fetchSpy).not.toHaveBeenCalled()
  fetchSpy.mockRestore()
})

it('sets up the sort, the theme and the map view as the area; Escape clears the box', async () => {
  const { flow, store, added } = wordsWorld()
  render(<WordsBox flow={flow} />)
  await userEvent.type(box(), 'vacant land in the map view largest first colour by crop{Enter}')
  const s = store.getState()
  expect(s.filters).toEqual([{ field: 'land_use_class', op: 'eq', value: 'vacant' }])
  expect(s.order).toEqual({ field: 'acres', direction: 'desc' })
  expect(s.theme).toBe('crop')
  expect(added).toHaveLength(1)
  expect(added[0]!.label).toBe('The map view')
  expect(within(panel()).getByText(/Area: the map view/)).toBeTruthy()
  expect(s.submitted).toBeNull()

  await userEvent.type(box(), '{Escape}')
  expect((box() as HTMLInputElement).value).toBe('')
  expect(screen.queryByRole('region', { name: 'What the words ask' })).toBeNull()
  expect(flow.state.get().parse).toBeNull()
})

it('draws the circle around the position for "within 2 miles of here", and says why when there is none', async () => {
  const located = wordsWorld(async () => [-93.62, 42.02])
  render(<WordsBox flow={located.flow} />)
  await userEvent.type(box(), 'pasture within 2 miles of here{Enter}')
  await waitFor(() => expect(located.added).toHaveLength(1))
  expect(located.added[0]!.label).toBe('Within 2 mi of you')
  cleanup()

  const lost = wordsWorld()
  render(<WordsBox flow={lost.flow} />)
  await userEvent.type(box(), 'pasture within 2 miles of here{Enter}')
  expect(await within(panel()).findByText(/Your position is not known \(no position in tests\)/)).toBeTruthy()
  expect(lost.added).toHaveLength(0)
})

it('says so when no word could be read as a search', async () => {
  const { flow, store } = wordsWorld()
  render(<WordsBox flow={flow} />)
  await userEvent.type(box(), 'zorbl quux{Enter}')
  expect(within(panel()).getByText('Nothing in these words could be read as a search.')).toBeTruthy()
  expect(store.getState().filters).toEqual([])
})

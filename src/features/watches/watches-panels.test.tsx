import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { CardWatchAction } from './card-watch-action'
import { OwnerWatchAction } from './owner-watch-action'
import { anEvent, aWatch, fakeDeps, fakeServer } from './watches.test-support'
import { watchesApi } from './watches-api'
import { WatchesFlow } from './watches-flow'
import { InboxButton, OpenedEventChange, WatchesDialogs } from './watches-panels'

afterEach(cleanup)

const record = { svc_uuid: 'p-9', situs: '9 ELM ST', parcel_id: '08-999', owner: 'SMITH JOHN' } as ParcelRecord

async function started(server: ReturnType<typeof fakeServer>) {
  const flow = new WatchesFlow(fakeDeps(server.api).deps)
  await act(async () => {
    flow.start()
    await new Promise((r) => setTimeout(r, 0))
  })
  return flow
}

function App({ flow, children }: { flow: WatchesFlow; children?: React.ReactNode }) {
  return (
    <watchesApi.Context.Provider value={flow}>
      <InboxButton />
      {children}
      <WatchesDialogs onOpenParcel={() => {}} />
    </watchesApi.Context.Provider>
  )
}

it('watches a parcel from its card: a named dialog that says it costs no calls, then “Watching”', async () => {
  const flow = await started(fakeServer([]))
  render(
    <App flow={flow}>
      <CardWatchAction record={record} />
    </App>,
  )
  await userEvent.click(screen.getByRole('button', { name: 'Watch this parcel' }))
  const dialog = screen.getByRole('dialog', { name: 'Watch for changes' })
  expect(dialog.textContent).toContain('this parcel (9 ELM ST)')
  expect(dialog.textContent).toContain('Costs no calls')
  const name = screen.getByLabelText('Name')
  expect((name as HTMLInputElement).value).toBe('Parcel 9 ELM ST')
  await userEvent.clear(name)
  await userEvent.type(name, 'Elm street{Enter}')
  expect(await screen.findByRole('button', { name: 'Watching this parcel ✓' })).toBeTruthy()
  expect(screen.queryByRole('dialog', { name: 'Watch for changes' })).toBeNull()
})

it('the header button carries the count of unseen changes; the inbox opens and the count clears', async () => {
  const flow = await started(fakeServer([aWatch('a')], { a: [anEvent(1), anEvent(2)] }))
  render(<App flow={flow} />)
  const inbox = screen.getByRole('button', { name: 'Watch inbox, 2 new changes' })
  expect(inbox.textContent).toBe('Inbox2')
  await userEvent.click(inbox)
  expect(screen.getByRole('dialog', { name: 'Watch inbox' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Watch inbox' })).toBeTruthy()
})

it('an opened event shows its before/after over its own parcel only, with a link', async () => {
  const flow = await started(fakeServer([aWatch('a')], { a: [anEvent(1, { svc_uuid: 'p-9' })] }))
  const s = flow.state.get()
  if (s.status !== 'ready') throw new Error('not ready')
  act(() => flow.openEvent(s.events[0]!))
  const { rerender } = render(
    <App flow={flow}>
      <OpenedEventChange svcUuid="p-9" link="http://app.test/?p=p-9&v=1" />
    </App>,
  )
  const table = screen.getByRole('table')
  expect(table.textContent).toContain('SMITH JOHN')
  expect(table.textContent).toContain('DOE FARMS LLC')
  expect(screen.getByRole('link', { name: 'Link to this parcel' }).getAttribute('href')).toBe(
    'http://app.test/?p=p-9&v=1',
  )
  rerender(
    <App flow={flow}>
      <OpenedEventChange svcUuid="p-1" link="" />
    </App>,
  )
  expect(screen.queryByRole('table')).toBeNull()
})

it('where the server keeps no watches, no watch button shows and the inbox says so in words', async () => {
  const flow = await started(fakeServer(null))
  render(
    <App flow={flow}>
      <CardWatchAction record={record} />
      <OwnerWatchAction owner="SMITH JOHN" names={['SMITH JOHN']} states={['IA']} />
    </App>,
  )
  expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Inbox'])
  await userEvent.click(screen.getByRole('button', { name: 'Watch inbox' }))
  expect(screen.getByRole('note').textContent).toMatch(/This server does not offer watches/)
})

it('watches an owner with the ticked spellings and its states', async () => {
  const server = fakeServer([])
  const flow = await started(server)
  const bodies: unknown[] = []
  server.api.create = async (body) => {
    bodies.push(body)
    return aWatch('o', { kind: 'owner', owner: 'Miller Farms LLC', name: body.name, parcels: undefined })
  }
  render(
    <App flow={flow}>
      <OwnerWatchAction
        owner="Miller Farms LLC"
        names={['MILLER FARMS LLC', 'MILLER FARM LLC', 'Miller Farm, LLC']}
        states={['ia', 'IA', 'NE', '']}
      />
    </App>,
  )
  await userEvent.click(screen.getByRole('button', { name: 'Watch this owner' }))
  await userEvent.click(screen.getByRole('button', { name: 'Create watch' }))
  expect(bodies).toEqual([
    { name: 'Owner Miller Farms LLC', owner: 'Miller Farms LLC', variants: ['MILLER FARM LLC'], states: ['IA', 'NE'] },
  ])
  expect(await screen.findByRole('button', { name: 'Watching this owner ✓' })).toBeTruthy()
})

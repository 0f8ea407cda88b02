import { describe, expect, it } from 'vitest'
import { loadTile, packTileUrl, parseTileUrl, type TileSourceDeps } from './pack-tiles'

const url = packTileUrl('http://plat.test/tiles/parcels/16/100/200.mvt?v=v2')
const bytes = (...b: number[]) => Uint8Array.of(...b).buffer

function deps(over: Partial<TileSourceDeps> & { calls?: string[] }): TileSourceDeps {
  return {
    packTile: async () => null,
    network: async (u) => {
      over.calls?.push(u)
      return new Response(Uint8Array.of(9), { status: 200 })
    },
    online: () => true,
    ...over,
  }
}

const asBytes = (a: Awaited<ReturnType<typeof loadTile>>) => ('data' in a ? [...new Uint8Array(a.data)] : a)

describe('parseTileUrl', () => {
  it('reads z/x/y and the data version', () => {
    expect(parseTileUrl('http://h/api/tiles/parcels/16/100/200.mvt?v=a%20b')).toEqual({
      z: 16,
      x: 100,
      y: 200,
      version: 'a b',
    })
    expect(parseTileUrl('http://h/tiles/parcels/16/100/200.mvt')).toMatchObject({ version: null })
    expect(parseTileUrl('http://h/other/1/2/3.png')).toBeNull()
  })
})

describe('loadTile', () => {
  it('serves a pack tile of the same data version without the network', async () => {
    const calls: string[] = []
    const d = deps({ calls, packTile: async () => ({ data: bytes(1), version: 'v2' }) })
    expect(asBytes(await loadTile(url, new AbortController().signal, d))).toEqual([1])
    expect(calls).toEqual([])
  })

  it('asks the server when the pack is of an older version, and falls back to it when unreachable', async () => {
    const calls: string[] = []
    const older = async () => ({ data: bytes(1), version: 'v1' })
    expect(asBytes(await loadTile(url, new AbortController().signal, deps({ calls, packTile: older })))).toEqual([9])
    expect(calls).toEqual(['http://plat.test/tiles/parcels/16/100/200.mvt?v=v2'])
    const down = deps({
      packTile: older,
      network: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    expect(asBytes(await loadTile(url, new AbortController().signal, down))).toEqual([1])
  })

  it('offline, serves any version the pack has; without one the failure stands', async () => {
    const offline = deps({ online: () => false, packTile: async () => ({ data: bytes(4), version: 'v0' }) })
    expect(asBytes(await loadTile(url, new AbortController().signal, offline))).toEqual([4])
    const none = deps({
      online: () => false,
      network: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await expect(loadTile(url, new AbortController().signal, none)).rejects.toThrow('Failed to fetch')
  })

  it('passes a refusal on with its status, so the map can take the tiles off', async () => {
    const d = deps({ network: async () => new Response('{}', { status: 403, statusText: 'Forbidden' }) })
    expect(await loadTile(url, new AbortController().signal, d)).toEqual({ status: 403, statusText: 'Forbidden' })
  })
})

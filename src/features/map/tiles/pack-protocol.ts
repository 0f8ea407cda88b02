/**
 * The MapLibre side of field packs' tiles: a custom protocol (`addProtocol`) whose loader the app
 * gives (src/features/field/pack-tiles.ts decides pack or network). MapLibre's workers hand requests
 * of an unknown scheme to the main thread, where the loader runs; a refusal comes back as an
 * AJAXError with its status, so the tile source's own handling (parcel-tiles.ts) still takes the
 * tiles off on 401/403/404 as it did for plain HTTP tiles.
 */
import { AJAXError, addProtocol } from 'maplibre-gl'

export type ProtocolTileAnswer = { data: ArrayBuffer } | { status: number; statusText: string }

export function registerTileProtocol(
  scheme: string,
  load: (url: string, signal: AbortSignal) => Promise<ProtocolTileAnswer>,
): void {
  addProtocol(scheme, async (params, abort) => {
    const answer = await load(params.url, abort.signal)
    if ('status' in answer) throw new AJAXError(answer.status, answer.statusText, params.url, new Blob())
    return { data: answer.data }
  })
}

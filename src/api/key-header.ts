/**
 * The API key as a request header, built here only: the JSON calls (http.ts), the parcel tiles
 * MapLibre fetches and the tiles the field packs' protocol fetches all carry it the same way — a
 * header, never the URL, so it stays out of logs, history and shared links.
 */
import { absoluteApiUrl, connectionStore, currentConnection } from './connection'

export function bearerHeader(apiKey: string): { authorization: string } {
  return { authorization: `Bearer ${apiKey}` }
}

/** The key for a request MapLibre makes: only our API's parcel tiles get it, nothing else it loads. */
export function tileAuthorization(url: string): Record<string, string> | null {
  const { baseUrl, apiKey } = connectionStore.getState()
  const tiles = absoluteApiUrl(baseUrl, '/tiles/', window.location.href)
  return apiKey && url.startsWith(tiles) ? bearerHeader(apiKey) : null
}

/** A request to our API's server with the key (parcel tiles through the field packs' protocol). */
export async function fetchWithKey(url: string, signal: AbortSignal): Promise<Response> {
  const { apiKey } = await currentConnection()
  return fetch(url, { headers: apiKey ? bearerHeader(apiKey) : {}, signal })
}

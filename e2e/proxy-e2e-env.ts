/**
 * Where the proxy-mode browser test's servers live (e2e/serve-proxy.ts): its own port and data
 * directory beside the main e2e server's, so the two never share a database or a port.
 */
import { join } from 'node:path'

const mainPort = () => Number(process.env.E2E_PORT ?? 8797)

/** The proxy-mode server's port: E2E_PROXY_PORT, or 100 above the main e2e server's. */
export const proxyPort = (): number => Number(process.env.E2E_PROXY_PORT ?? mainPort() + 100)

export const proxyDataDir = (): string => `${process.env.E2E_DATA_DIR ?? '.data-e2e'}-proxy-mode`

/** What serve-proxy.ts writes for the spec: the upstream's address and the keys it made. */
export interface ProxyE2eInfo {
  upstreamUrl: string
  /** The proxy's key for the upstream: the browser must never see it. */
  upstreamKey: string
  /** A key of the upstream's own, for asking it directly what the app should show. */
  direct: string
  /** The proxy's operator key (GET /proxy/usage). */
  operator: string
}

export const proxyInfoFile = (): string => join(proxyDataDir(), 'proxy-e2e.json')

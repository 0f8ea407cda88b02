/**
 * A tiny HTTP server that plays a misbehaving hosted parcel API for the proxy's tests: it answers
 * whatever the test scripts (any status, any body, headers), hangs, or resets the connection after
 * reading the request, and records every request it received.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'

export type Behaviour =
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Read the request, then destroy the socket without answering. */
  | 'reset'
  /** Read the request and never answer. */
  | 'hang'

export interface Received {
  method: string
  url: string
  authorization: string | undefined
  headers: IncomingMessage['headers']
  body: string
}

export interface FakeUpstream {
  url: string
  port: number
  received: Received[]
  /** What the next requests get (by default a 200 `{"results":[],"count":0}`). */
  behave(fn: (req: Received) => Behaviour): void
  close(): Promise<void>
}

export async function startFakeUpstream(port = 0): Promise<FakeUpstream> {
  const received: Received[] = []
  let script: (req: Received) => Behaviour = () => ({ status: 200, body: '{"results":[],"count":0}' })
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const got: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      received.push(got)
      const b = script(got)
      if (b === 'reset') return req.socket.destroy()
      if (b === 'hang') return
      res.writeHead(b.status, { 'content-type': 'application/json', ...b.headers })
      res.end(b.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  const actual = typeof address === 'object' && address ? address.port : port
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    received,
    behave(fn) {
      script = fn
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

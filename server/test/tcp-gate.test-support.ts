/**
 * A TCP forwarder in front of the test PostgreSQL server that a test can shut ("the database is
 * down": every connection cut, new ones refused) or hang ("the database does not answer": bytes are
 * swallowed), without touching the shared cluster other test files use.
 */
import { createServer, type Server, Socket } from 'node:net'

export type GateState = 'open' | 'down' | 'hung'

export interface TcpGate {
  port: number
  set(state: GateState): Promise<void>
  close(): Promise<void>
}

export async function tcpGate(targetHost: string, targetPort: number): Promise<TcpGate> {
  let state: GateState = 'open'
  const sockets = new Set<Socket>()
  const track = (s: Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
    s.on('error', () => {})
  }
  const onConnection = (client: Socket) => {
    track(client)
    if (state !== 'open') return // hung: accepted, never answered
    const upstream = new Socket()
    track(upstream)
    upstream.connect(targetPort, targetHost)
    client.on('data', (d) => state === 'open' && upstream.write(d))
    upstream.on('data', (d) => state === 'open' && client.write(d))
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  }
  let server: Server = createServer(onConnection)
  const listen = (port: number) =>
    new Promise<number>((ok, fail) => {
      server.once('error', fail)
      server.listen(port, '127.0.0.1', () => {
        const a = server.address()
        ok(typeof a === 'object' && a ? a.port : port)
      })
    })
  const port = await listen(0)
  const stopListening = () => new Promise<void>((ok) => server.close(() => ok()))
  return {
    port,
    async set(next) {
      if (next === state) return
      // Leaving "hung" cuts the stalled connections too: their bytes are lost, as after a restart.
      if (next === 'down' || state === 'hung') for (const s of sockets) s.destroy()
      if (next === 'down') {
        await stopListening()
      } else if (state === 'down') {
        server = createServer(onConnection)
        await listen(port)
      }
      state = next
    },
    async close() {
      for (const s of sockets) s.destroy()
      if (state !== 'down') await stopListening()
    },
  }
}

/**
 * Real receivers for the delivery tests, started by the test on a free local port (no mocks): a
 * webhook endpoint (node:http) that records every request and answers the status it is told, and
 * an SMTP server that keeps every message it is given.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface Received {
  headers: IncomingHttpHeaders
  body: string
  /** when the whole request had arrived (ms since the epoch) */
  at: number
}

export interface WebhookReceiver {
  url: string
  requests: Received[]
  /** the status the next requests are answered with */
  status: number
  close(): Promise<void>
}

export async function startWebhookReceiver(status = 200): Promise<WebhookReceiver> {
  const requests: Received[] = []
  const receiver = { status }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() })
      res.writeHead(receiver.status, { 'content-type': 'text/plain' }).end('noted')
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok())
        server.closeAllConnections()
      }),
  })
}

/** Waits until `check` holds, polling; fails with `what` after `ms`. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Waited ${ms / 1000} s for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

export interface MailReceiver {
  /** SMTP_URL for the server */
  url: string
  mails: ParsedMail[]
  close(): Promise<void>
}

/** A real SMTP server (smtp-server) on a free local port; each message parsed with mailparser. */
export async function startMailReceiver(): Promise<MailReceiver> {
  const mails: ParsedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail)
          done()
        },
        (e: Error) => done(e),
      )
    },
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((ok) => server.close(() => ok())) }
}

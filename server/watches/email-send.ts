/**
 * A watch's e-mail (docs/watches.md "E-mail"): one message per reload, plain text and HTML, each
 * event in the words the feed uses with its before and after, and a link that opens the parcel in
 * the app. Sent through nodemailer to the server's SMTP_URL; each step has the delivery timeout.
 */
import { createTransport } from 'nodemailer'
import type { WatchEvent } from '../../contract/watches/watch-schemas'
import type { AttemptResult, DeliveryContent } from './delivery-outbox'
import { eventTitle, parcelLink } from './watch-event-words'

export interface Mailer {
  send(to: string, content: DeliveryContent): Promise<AttemptResult>
  close(): void
}

export function createMailer(smtpUrl: string, o: { from: string; timeoutMs: number }): Mailer {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: o.timeoutMs,
    greetingTimeout: o.timeoutMs,
    socketTimeout: o.timeoutMs,
  })
  return {
    async send(to, content) {
      const t0 = performance.now()
      const message = watchEmail(content)
      try {
        await transport.sendMail({ from: o.from, to, ...message })
        return { ok: true, status: null, error: null, durationMs: performance.now() - t0 }
      } catch (e) {
        const err = e as { code?: string; response?: string; message?: string }
        const error = `the mail server did not take it: ${err.response ?? err.message ?? String(e)}`
        return { ok: false, status: null, error, durationMs: performance.now() - t0 }
      }
    },
    close: () => transport.close(),
  }
}

const changes = (n: number) => `${n} change${n === 1 ? '' : 's'}`

/** What a side of an event held, e.g. "owner: OWNER 1, sale_price: 100010"; empty for none. */
const side = (v: Record<string, unknown> | null) =>
  v
    ? Object.entries(v)
        .map(([k, x]) => `${k}: ${Array.isArray(x) ? x.join(' ') : x === null ? 'none' : String(x)}`)
        .join(', ')
    : ''

function watchEmail({ watch, events, county }: DeliveryContent) {
  const origin = watch.origin ?? ''
  const subject = `Plat watch “${watch.name}”: ${changes(events.length)}${county ? ` in ${county}` : ''}`
  const lines = (e: WatchEvent) => [
    eventTitle(e),
    ...(e.before ? [`  before: ${side(e.before)}`] : []),
    ...(e.after ? [`  after: ${side(e.after)}`] : []),
    `  ${parcelLink(origin, e.svc_uuid)}`,
  ]
  const text = [
    `${subject}.`,
    '',
    ...events.flatMap((e) => [...lines(e), '']),
    `All of this watch's events: ${origin}/watches/${watch.id}/events (with your API key), or its feed.`,
  ].join('\n')
  const item = (e: WatchEvent) =>
    `<li><a href="${esc(parcelLink(origin, e.svc_uuid))}">${esc(eventTitle(e))}</a>` +
    (e.before ? `<br>before: ${esc(side(e.before))}` : '') +
    (e.after ? `<br>after: ${esc(side(e.after))}` : '') +
    '</li>'
  const html = `<p>${esc(subject)}.</p><ul>${events.map(item).join('')}</ul>`
  return { subject, text, html }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The details panel for one parcel, read like a property card: who owns it and what it is worth on
 * top, then sections (ownership, valuation, sales history, land, tax, buildings, location) and every
 * field at the end. Values are text nodes only (React escapes them); nothing here renders server
 * data as HTML.
 */
import { type KeyboardEvent, type ReactNode, useId, useMemo } from 'react'
import type { Building, ParcelRecord } from '../../../contract/schemas'
import { EMPTY, formatInteger, formatMeters, formatText, isEmptyValue } from '../../format/format-value'
import { CopyButton } from '../../ui/copy-button'
import { propertyCard } from './property-card'
import { RotationStrip } from './rotation-strip'
import './parcel.css'

export interface ParcelDetailsProps {
  record: ParcelRecord
  onClose(): void
  /** "All parcels of this owner" (offered when the record has an owner and a state). */
  onOwnerSearch?(record: ParcelRecord): void
  /** "Comparable sales": what parcels like this one sold for (offered when it has acres). */
  onComps?(record: ParcelRecord): void
  /** More buttons beside the card's own (the app's holdings actions). */
  actions?: ReactNode
  /** "Report": a printable one-page parcel report (src/features/reports, filled in by the app). */
  onReport?(record: ParcelRecord): void
}

export function ParcelDetails({ record, onClose, onOwnerSearch, onComps, actions, onReport }: ParcelDetailsProps) {
  const headingId = useId()
  const card = useMemo(() => propertyCard(record), [record])
  const buildings = Array.isArray(record.buildings) ? record.buildings : []
  const apn = isEmptyValue(record.parcel_id) ? null : String(record.parcel_id)
  const address = isEmptyValue(record.situs) ? null : String(record.situs)
  const canOwnerSearch = onOwnerSearch && !isEmptyValue(record.owner) && !isEmptyValue(record.state)

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return
    e.preventDefault() // so the app's global Escape shortcut does not also act on it
    onClose()
  }

  return (
    <section className="pd-panel" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <header className="pd-header">
        <div className="pd-title">
          <h2 id={headingId} className="pd-heading">
            {card.title}
          </h2>
          {card.subtitle && <p className="pd-subtitle">{card.subtitle}</p>}
        </div>
        <button type="button" className="pd-close" aria-label="Close details" onClick={onClose}>
          ×
        </button>
      </header>

      <dl className="pd-facts" aria-label="Key facts">
        {card.facts.map((f) => (
          <div key={f.name} className="pd-fact">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>

      <div className="pd-actions">
        {apn && <CopyButton text={apn} label="Copy APN" />}
        {address && <CopyButton text={address} label="Copy address" />}
        {canOwnerSearch && (
          <button type="button" className="pd-action" onClick={() => onOwnerSearch(record)}>
            All parcels of this owner
          </button>
        )}
        {onComps && Number(record.acres) > 0 && (
          <button type="button" className="pd-action" onClick={() => onComps(record)}>
            Comparable sales
          </button>
        )}
        {actions}
        {onReport && (
          <button type="button" className="pd-action" onClick={() => onReport(record)}>
            Report
          </button>
        )}
      </div>

      <RotationStrip record={record} />

      {card.sections.map((section) => (
        <Section key={section.title} title={section.title}>
          <Rows rows={section.rows} />
          {section.title === 'Valuation' && card.sales.length > 0 && <Sales sales={card.sales} />}
          {section.title === 'Buildings' && <BuildingList buildings={buildings} />}
        </Section>
      ))}
      {!card.sections.some((s) => s.title === 'Valuation') && card.sales.length > 0 && (
        <Section title="Sales history">
          <Sales sales={card.sales} />
        </Section>
      )}

      <details className="pd-all">
        <summary>All fields ({card.all.length})</summary>
        <Rows rows={card.all} />
        <p className="pd-uuid">
          Parcel UUID <code>{record.svc_uuid}</code> <CopyButton text={record.svc_uuid} label="Copy UUID" />
        </p>
      </details>
    </section>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId()
  return (
    <section className="pd-section" aria-labelledby={id}>
      <h3 id={id} className="pd-section-title">
        {title}
      </h3>
      {children}
    </section>
  )
}

function Rows({ rows }: { rows: readonly { name: string; label: string; value: string }[] }) {
  return (
    <dl className="pd-fields">
      {rows.map((f) => (
        <div key={f.name} className="pd-field">
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Sales({ sales }: { sales: readonly { date: string; price: string; deed: string }[] }) {
  return (
    <table className="pd-sales">
      <caption>Sales history</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Price</th>
          <th scope="col">Deed</th>
        </tr>
      </thead>
      <tbody>
        {sales.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a record's sales never reorder
          <tr key={i}>
            <td>{s.date}</td>
            <td className="pd-num">{s.price}</td>
            <td>{s.deed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function BuildingList({ buildings }: { buildings: readonly Building[] }) {
  if (buildings.length === 0) return null
  return (
    <ol className="pd-buildings" aria-label="Building footprints">
      {buildings.map((b, i) => {
        const occupancy = firstText(b.occupancy, b.occupancy_code)
        const address = firstText(b.address)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: buildings have no identifier and never reorder
          <li key={i} className="pd-building">
            <span className="pd-building-name">{occupancy ?? `Building ${i + 1}`}</span>
            <span className="pd-building-meta">
              {isEmptyValue(b.sq_feet) ? EMPTY : `${formatInteger(b.sq_feet)} sq ft`}
              {' · '}
              {isEmptyValue(b.height) ? `height ${EMPTY}` : `${formatMeters(b.height)} tall`}
            </span>
            {address && <span className="pd-building-address">{address}</span>}
          </li>
        )
      })}
    </ol>
  )
}

function firstText(...values: unknown[]): string | undefined {
  for (const v of values) if (!isEmptyValue(v)) return formatText(v)
  return undefined
}

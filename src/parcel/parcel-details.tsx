/**
 * The details panel (a <section> with a label, i.e. role="region" "Parcel details") for one parcel: every field of the record, grouped into sections, plus the
 * building footprints when the record carries them. Values are text nodes only (React escapes
 * them); nothing here renders server data as HTML.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { Building, ParcelRecord } from '../../contract/schemas'
import { EMPTY, formatInteger, formatMeters, formatText, formatValue, isEmptyValue } from '../format/format-value'
import { copyText } from '../ui/copy-text'
import { groupFields } from './group-fields'
import './parcel.css'

const COPIED_MS = 2000

export function ParcelDetails({ record, onClose }: { record: ParcelRecord; onClose(): void }) {
  const headingId = useId()
  const sections = useMemo(() => groupFields(record), [record])
  const buildings = Array.isArray(record.buildings) ? record.buildings : []
  const title = firstText(record.owner, record.situs, record.parcel_id) ?? 'Parcel'
  const subtitle = !isEmptyValue(record.owner) ? firstText(record.situs) : undefined

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return
    e.preventDefault() // so the app's global Escape shortcut does not also act on it
    onClose()
  }

  return (
    <section className="pd-panel" aria-label="Parcel details" onKeyDown={onKeyDown}>
      <header className="pd-header">
        <div className="pd-title">
          <h2 id={headingId} className="pd-heading">
            {title}
          </h2>
          {subtitle && <p className="pd-subtitle">{subtitle}</p>}
        </div>
        <button type="button" className="pd-close" aria-label="Close details" onClick={onClose}>
          ×
        </button>
      </header>

      <UuidRow uuid={record.svc_uuid} />

      {sections.map((section) => (
        <div key={section.group} className="pd-section">
          <h3 className="pd-section-title">{section.group}</h3>
          {section.fields.length > 0 && (
            <dl className="pd-fields">
              {section.fields.map((f) => (
                <div key={f.name} className="pd-field">
                  <dt>{f.label}</dt>
                  <dd>{formatValue(f.value, f.format)}</dd>
                </div>
              ))}
            </dl>
          )}
          {section.group === 'Buildings' && <BuildingList buildings={buildings} />}
        </div>
      ))}
    </section>
  )
}

function UuidRow({ uuid }: { uuid: string }) {
  const [status, setStatus] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  // A different parcel: forget the previous "Copied".
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset keyed on the uuid only
  useEffect(() => setStatus(''), [uuid])

  const onCopy = async () => {
    const ok = await copyText(uuid)
    setStatus(ok ? 'Copied' : 'Copy failed')
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setStatus(''), COPIED_MS)
  }

  return (
    <div className="pd-uuid">
      <code className="pd-uuid-text">{uuid}</code>
      <button type="button" className="pd-copy" onClick={onCopy}>
        Copy UUID
      </button>
      <span className="pd-copy-status" role="status">
        {status}
      </span>
    </div>
  )
}

function BuildingList({ buildings }: { buildings: readonly Building[] }) {
  if (buildings.length === 0) return null
  return (
    <ol className="pd-buildings">
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

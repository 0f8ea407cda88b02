/**
 * The results table: virtualized rows (tens of thousands stay fast), page-as-you-scroll requests for
 * rows not loaded yet, sort locally on complete results or on the server when asked, and one
 * focusable grid for keyboard use.
 */
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
} from 'react'
import { ORDERABLE_FIELDS } from '../../../contract/fields'
import type { ParcelRecord } from '../../../contract/schemas'
import { columnLabel, columnValue, columnWidth, isNumericColumn } from '../../format/record-columns'
import { isBusy, type SearchStatus } from '../../state/search-status'
import { ColumnPicker } from './column-picker'
import { sortIndex } from './compare-values'
import { ResultRow, type RowColumns } from './result-row'
import './results.css'

export type TableSort = { field: string; direction: 'asc' | 'desc' }

export interface ResultsTableProps {
  /** Rows in load order; undefined = not loaded yet (page-as-you-scroll). */
  rows: readonly (ParcelRecord | undefined)[]
  rowCount: number
  status: SearchStatus
  /** Page-as-you-scroll: asks for the rows [start, end) that came into view. */
  requestRows(start: number, end: number): void
  columns: string[]
  onColumnsChange(c: string[]): void
  sort: TableSort | null
  onSortChange(s: TableSort | null): void
  serverSort: boolean
  selectedId: string | null
  onSelect(id: string | null): void
  /** Said instead of "No parcels match." when the app knows why nothing matched (outside coverage). */
  emptyNote?: ReactNode
}

const ROW_HEIGHT = 32
const NO_ROWS: number[] = []
const REQUEST_DEBOUNCE_MS = 100
/** Size assumed until the scroll box is measured, so the first paint already shows rows and columns. */
const FIRST_PAINT = { width: 1000, height: 400 }

function nextSort(current: TableSort | null, field: string): TableSort | null {
  if (!current || current.field !== field) return { field, direction: 'asc' }
  return current.direction === 'asc' ? { field, direction: 'desc' } : null
}

export function ResultsTable({
  rows,
  rowCount: total,
  status,
  requestRows,
  columns,
  onColumnsChange,
  sort,
  onSortChange,
  serverSort,
  selectedId,
  onSelect,
  emptyNote,
}: ResultsTableProps) {
  const rowCount = Math.min(total, rows.length)
  const deferredRows = useDeferredValue(rows)
  const scrollRef = useRef<HTMLDivElement>(null)
  const idPrefix = useId()

  // Display order: indices into `rows`. Local sort runs on the deferred rows so typing/loading
  // stays responsive; the `sort` prop is the state in both modes.
  const localSort = !serverSort && sort ? sort : null
  const sortedIndex = useMemo(() => {
    if (!localSort) return null
    const { field, direction } = localSort
    return sortIndex(deferredRows, (r) => columnValue(r, field), direction)
  }, [deferredRows, localSort])
  const order = useMemo(() => {
    if (sortedIndex) return sortedIndex.filter((i) => i < rowCount)
    return Array.from({ length: rowCount }, (_, i) => i)
  }, [sortedIndex, rowCount])

  const positionById = useMemo(() => {
    const m = new Map<string, number>()
    order.forEach((i, pos) => {
      const r = rows[i]
      if (r) m.set(r.svc_uuid, pos)
    })
    return m
  }, [order, rows])

  // TanStack Table owns the columns (headers, sizes); rows are rendered straight from `order`, so a
  // loaded batch never rebuilds a 20,000-row model (that allocation dominated large searches).
  const columnDefs = useMemo<ColumnDef<number>[]>(
    () => columns.map((name) => ({ id: name, header: () => columnLabel(name), size: columnWidth(name) })),
    [columns],
  )

  const table = useReactTable({
    data: NO_ROWS,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
  })
  const headers = table.getHeaderGroups()[0]?.headers ?? []
  const totalWidth = headers.reduce((s, h) => s + h.getSize(), 0)

  // The sticky header is the first ROW_HEIGHT of the scroll box: rows start below it, and a row
  // scrolled into view must clear it (else the highlighted row hid under the header).
  const rowVirtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    paddingStart: ROW_HEIGHT,
    scrollPaddingStart: ROW_HEIGHT,
    initialRect: FIRST_PAINT,
  })
  const colVirtualizer = useVirtualizer({
    horizontal: true,
    count: headers.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => headers[i]?.getSize() ?? 150,
    overscan: 3,
    initialRect: FIRST_PAINT,
  })
  // Column sizes depend on which columns are shown; re-measure when they change.
  const columnsKey = columns.join('\u0000')
  useEffect(() => {
    if (columnsKey !== undefined) colVirtualizer.measure()
  }, [columnsKey, colVirtualizer])

  const virtualRows = rowVirtualizer.getVirtualItems()
  const virtualCols = colVirtualizer.getVirtualItems().filter((c) => c.index > 0)
  const firstWidth = headers[0]?.getSize() ?? 0
  const padLeft = virtualCols.length ? (virtualCols[0]?.start ?? 0) - firstWidth : 0
  const padRight = virtualCols.length ? colVirtualizer.getTotalSize() - (virtualCols.at(-1)?.end ?? 0) : 0
  // One object per column window, so memoized rows re-render only when the columns they show change.
  const colWindow = virtualCols.map((vc) => vc.index).join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the window, not the virtualizer's fresh arrays
  const rowColumns = useMemo<RowColumns>(() => {
    const col = (index: number) => {
      const h = headers[index]
      return h ? { field: h.column.id, width: h.getSize(), index } : null
    }
    return {
      first: col(0),
      visible: virtualCols.flatMap((vc) => col(vc.index) ?? []),
      padLeft,
      padRight,
      totalWidth,
    }
  }, [colWindow, headers, padLeft, padRight, totalWidth])
  const onSelectRef = useRef(onSelect)
  onSelectRef.current = onSelect
  const onSelectStable = useCallback((id: string) => onSelectRef.current(id), [])

  // On-demand loading: ask for the not-yet-loaded rows in the visible range (debounced).
  const firstVisible = virtualRows[0]?.index ?? 0
  const lastVisible = virtualRows.at(-1)?.index ?? -1
  useEffect(() => {
    let lo = Number.POSITIVE_INFINITY
    let hi = -1
    for (let p = firstVisible; p <= lastVisible; p++) {
      const i = order[p]
      if (i !== undefined && rows[i] === undefined) {
        lo = Math.min(lo, i)
        hi = Math.max(hi, i)
      }
    }
    if (hi < 0) return
    const t = setTimeout(() => requestRows(lo, hi + 1), REQUEST_DEBOUNCE_MS)
    return () => clearTimeout(t)
  }, [firstVisible, lastVisible, order, rows, requestRows])

  // Keep the selected row in view (selection from the map, or by arrow keys).
  const selectedPos = selectedId === null ? undefined : positionById.get(selectedId)
  useEffect(() => {
    if (selectedPos !== undefined) rowVirtualizer.scrollToIndex(selectedPos, { align: 'auto' })
  }, [selectedPos, rowVirtualizer])

  const selectAt = (pos: number) => {
    const clamped = Math.max(0, Math.min(order.length - 1, pos))
    const i = order[clamped]
    const r = i === undefined ? undefined : rows[i]
    if (r) onSelect(r.svc_uuid)
    else rowVirtualizer.scrollToIndex(clamped, { align: 'auto' })
  }

  const onGridKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1)
    const cur = selectedPos ?? -1
    const moves: Record<string, number> = {
      ArrowDown: cur + 1,
      ArrowUp: cur < 0 ? 0 : cur - 1,
      PageDown: cur + page,
      PageUp: cur - page,
      Home: 0,
      End: order.length - 1,
    }
    const target = moves[e.key]
    if (target !== undefined) {
      e.preventDefault()
      selectAt(target)
    } else if (e.key === 'Enter' && selectedPos === undefined) {
      e.preventDefault()
      selectAt(firstVisible)
    } else if (e.key === 'Escape' && selectedId !== null) {
      e.preventDefault()
      onSelect(null)
    }
  }

  const toolbar = (
    <div className="res-toolbar">
      <ColumnPicker columns={columns} onColumnsChange={onColumnsChange} rows={rows} />
    </div>
  )

  if (status === 'idle' || (rowCount === 0 && !isBusy(status))) {
    const message =
      status === 'idle'
        ? 'Draw an area or add filters, then Search.'
        : status === 'done'
          ? 'No parcels match.'
          : status === 'asking'
            ? 'Waiting for your go-ahead…'
            : 'No results.'
    return (
      <div className="res-table">
        {toolbar}
        {status === 'done' && emptyNote ? emptyNote : <p className="res-empty">{message}</p>}
      </div>
    )
  }

  const sortable = (field: string) => !serverSort || ORDERABLE_FIELDS.includes(field)
  const activeDescendant =
    selectedPos !== undefined && selectedId !== null ? `${idPrefix}-row-${selectedPos}` : undefined

  const renderHeader = (h: (typeof headers)[number], sticky: boolean) => {
    const field = h.column.id
    const dir = sort?.field === field ? sort.direction : null
    const canSort = sortable(field)
    const activate = () => onSortChange(nextSort(sort, field))
    return (
      // biome-ignore lint/a11y/useSemanticElements: virtualized div grid (rows/cells are absolutely laid out)
      <div
        key={h.id}
        role="columnheader"
        aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
        aria-colindex={h.index + 1}
        tabIndex={canSort ? 0 : -1}
        className={`res-th${sticky ? ' res-sticky-col' : ''}${isNumericColumn(field) ? ' res-num' : ''}${canSort ? ' res-sortable' : ''}`}
        style={{ width: h.getSize() }}
        title={canSort ? `Sort by ${columnLabel(field)}` : `${columnLabel(field)} (not sortable on the server)`}
        onClick={canSort ? activate : undefined}
        onKeyDown={(e) => {
          if (canSort && (e.key === 'Enter' || e.key === ' ')) {
            e.preventDefault()
            activate()
          }
        }}
      >
        <span className="res-th-label">{flexRender(h.column.columnDef.header, h.getContext())}</span>
        <span className="res-sort-mark" aria-hidden="true">
          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}
        </span>
      </div>
    )
  }

  const firstHeader = headers[0]

  return (
    <div className="res-table">
      {toolbar}
      {/* biome-ignore lint/a11y/useSemanticElements: virtualized div grid (rows/cells are absolutely laid out) */}
      <div
        ref={scrollRef}
        className="res-scroll"
        role="grid"
        aria-label="Search results"
        aria-rowcount={order.length + 1}
        aria-colcount={headers.length}
        aria-activedescendant={activeDescendant}
        aria-busy={isBusy(status)}
        tabIndex={0}
        onKeyDown={onGridKeyDown}
      >
        <div className="res-inner" style={{ width: totalWidth, height: rowVirtualizer.getTotalSize() }}>
          {/* biome-ignore lint/a11y/useSemanticElements: virtualized div grid (rows/cells are absolutely laid out) */}
          <div className="res-head" role="row" aria-rowindex={1} tabIndex={-1} style={{ width: totalWidth }}>
            {firstHeader && renderHeader(firstHeader, true)}
            {padLeft > 0 && <div className="res-pad" style={{ width: padLeft }} />}
            {virtualCols.map((vc) => {
              const h = headers[vc.index]
              return h ? renderHeader(h, false) : null
            })}
            {padRight > 0 && <div className="res-pad" style={{ width: padRight }} />}
          </div>
          {virtualRows.map((vr) => {
            const i = order[vr.index]
            const record: ParcelRecord | undefined = i === undefined ? undefined : rows[i]
            return (
              <ResultRow
                key={record ? record.svc_uuid : `pending-${vr.index}`}
                id={`${idPrefix}-row-${vr.index}`}
                position={vr.index}
                top={vr.start}
                record={record}
                selected={record !== undefined && record.svc_uuid === selectedId}
                columns={rowColumns}
                onSelect={onSelectStable}
              />
            )
          })}
        </div>
      </div>
    </div>
  )
}

'use client'

import {createColumnHelper, flexRender, getCoreRowModel, useReactTable, type SortingState} from '@tanstack/react-table'
import Link from 'next/link'
import type {BookingSortColumn} from '@/lib/office/bookings/filter'
import type {OfficeBookingStatus} from '@/lib/office/bookings/status'
import type {PaymentState} from '@/lib/office/bookings/payment-state'
import {BOOKING_LIST_WORDS} from '@/lib/office/bookings/words'
import {BookingStatus} from './BookingStatus'
import {LabelledCells} from './LabelledCells'
import styles from './BookingsTable.module.css'
import ui from './office-page.module.css'

const WORDS = BOOKING_LIST_WORDS.list

/** One row of the bookings list, made on the server (only what the table shows reaches the browser). */
export type BookingsTableRow = {
  id: string
  reference: string
  date: string
  window: string
  created: string
  customer: string
  contact: string
  service: string
  crew: string
  total: string
  status: OfficeBookingStatus
  payment: PaymentState | null
}

const column = createColumnHelper<BookingsTableRow>()

const columns = [
  column.accessor('reference', {
    header: WORDS.columns.reference,
    enableSorting: false,
    cell: (info) => (
      <Link href={`/office/bookings/${info.row.original.id}`} className={styles.reference}>
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('date', {
    id: 'date',
    header: WORDS.columns.date,
    cell: (info) => (
      <>
        {info.getValue()}
        {info.row.original.window && <span className={styles.sub}>{info.row.original.window}</span>}
      </>
    ),
  }),
  column.accessor('customer', {
    id: 'name',
    header: WORDS.columns.name,
    cell: (info) => (
      <>
        {info.getValue()}
        <span className={styles.sub}>{info.row.original.contact}</span>
      </>
    ),
  }),
  column.accessor('service', {header: WORDS.columns.service, enableSorting: false}),
  column.accessor('crew', {header: WORDS.columns.crew, enableSorting: false}),
  column.accessor('total', {id: 'total', header: WORDS.columns.total, meta: {numeric: true}}),
  column.accessor('status', {header: WORDS.columns.status, enableSorting: false, cell: (info) => <BookingStatus status={info.getValue()} payment={info.row.original.payment} />}),
  column.accessor('created', {id: 'created', header: WORDS.columns.created}),
]

/**
 * The bookings list as a table (TanStack Table). Sorting and pages are the server's (manual): a
 * sortable header is a link to the same list sorted by it, so the list works without JavaScript and
 * its address can be shared; `aria-sort` says which column orders it. On a phone each row is a card
 * whose values carry their column's name, and the sortable headers stay as a row of sort links.
 */
export function BookingsTable({rows, sorting, sortLinks, caption}: {rows: BookingsTableRow[]; sorting: SortingState; sortLinks: Record<BookingSortColumn, string>; caption: string}) {
  // The table is made anew for each server answer (rows and sorting come from the page); nothing memoized holds it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({data: rows, columns, getCoreRowModel: getCoreRowModel(), manualSorting: true, manualPagination: true, state: {sorting}})
  return (
    <div className={styles.scroller} role="region" aria-label={caption} tabIndex={0}>
      <table className={`${styles.table} ${ui.stacked}`}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} data-label={WORDS.sortHeading}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted()
                const link = sortLinks[header.column.id as BookingSortColumn]
                const label = flexRender(header.column.columnDef.header, header.getContext())
                return (
                  <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                    {header.column.getCanSort() && link ? (
                      <Link href={link} className={styles.sort}>
                        {label}
                        <span aria-hidden="true" className={styles.arrow}>
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </Link>
                    ) : (
                      label
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              <LabelledCells row={row} classNameOf={(cell) => ((cell.column.columnDef.meta as {numeric?: boolean} | undefined)?.numeric ? styles.numeric : undefined)} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

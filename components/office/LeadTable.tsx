import {createColumnHelper, createTable, flexRender, getCoreRowModel, type ColumnDef} from '@tanstack/react-table'
import Link from 'next/link'
import {formatCompanyDateTime, formatPhone} from '@/lib/format'
import {leadHref, leadListHref, type LeadListQuery, type LeadSummary} from '@/lib/office/leads/actions'
import {leadWords} from '@/lib/office/leads/words'
import {LabelledCells} from './LabelledCells'
import styles from './LeadTable.module.css'
import ui from './office-page.module.css'

/**
 * The leads inbox as a table, rendered on the server with TanStack Table's core (filtering, sorting
 * and paging are the database's: the table only lays out the page it is given). Sorted by when the
 * lead came in; the header's link turns the order round and says so with aria-sort. On a phone each
 * lead is a card (office-page.module.css's .stacked), its values named, the sort link above them.
 */

const words = leadWords
const column = createColumnHelper<LeadSummary>()

const SUMMARY_LENGTH = 120

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > SUMMARY_LENGTH ? `${line.slice(0, SUMMARY_LENGTH - 1)}…` : line
}

const columns = [
  column.accessor('receivedAt', {
    id: 'received',
    header: words.columns.received,
    cell: (info) => <time dateTime={info.getValue()}>{formatCompanyDateTime(info.getValue())}</time>,
  }),
  column.accessor('kind', {header: words.columns.kind, cell: (info) => words.kinds[info.getValue()]}),
  column.accessor('name', {
    id: 'who',
    header: words.columns.who,
    cell: (info) => {
      const lead = info.row.original
      return (
        <>
          <Link href={leadHref(lead.kind, lead.id)} className={styles.name}>
            {lead.name}
          </Link>
          {lead.email ? <span className={styles.contact}>{lead.email}</span> : null}
          {lead.phone ? <span className={styles.contact}>{formatPhone(lead.phone)}</span> : null}
        </>
      )
    },
  }),
  column.accessor('summary', {header: words.columns.summary, cell: (info) => shorten(info.getValue())}),
  column.accessor('status', {
    header: words.columns.status,
    cell: (info) => (
      <span className={styles.status} data-status={info.getValue()}>
        {words.statuses[info.getValue()]}
      </span>
    ),
  }),
  column.accessor((lead) => (lead.assignee ? (lead.assignee.removed ? words.lead.removedMember(lead.assignee.name) : lead.assignee.name) : null), {
    id: 'assignee',
    header: words.columns.assignee,
    cell: (info) => info.getValue() ?? <span className={styles.nobody}>{words.nobody}</span>,
  }),
] as ColumnDef<LeadSummary, unknown>[]

export function LeadTable({leads, query}: {leads: LeadSummary[]; query: LeadListQuery}) {
  const table = createTable<LeadSummary>({
    data: leads,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    state: {},
    onStateChange: () => {},
    renderFallbackValue: null,
  })
  table.setOptions((previous) => ({...previous, state: {...table.initialState, sorting: [{id: 'received', desc: query.order === 'newest'}]}}))
  const otherOrder = query.order === 'newest' ? 'oldest' : 'newest'

  return (
    <div className={styles.scroller} role="region" aria-labelledby="lead-table-caption" tabIndex={0}>
      <table className={`${styles.table} ${ui.stacked}`}>
        <caption id="lead-table-caption" className={styles.caption}>
          {words.caption}, {query.order === 'newest' ? words.sortNewest : words.sortOldest}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} data-label={words.sortHeading}>
              {group.headers.map((header) => {
                const sorted = header.column.id === 'received' ? (query.order === 'newest' ? 'descending' : 'ascending') : undefined
                return (
                  <th key={header.id} scope="col" aria-sort={sorted} className={styles[`col_${header.column.id}`]}>
                    {header.column.id === 'received' ? (
                      <Link href={leadListHref({...query, order: otherOrder, page: 1})} className={styles.sort}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true">{query.order === 'newest' ? ' ↓' : ' ↑'}</span>
                        <span className={ui.visuallyHidden}>, {words.sortAction(otherOrder)}</span>
                      </Link>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-lead-id={row.original.id}>
              <LabelledCells row={row} classNameOf={(cell) => styles[`col_${cell.column.id}`]} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

import type {Metadata} from 'next'
import {headers} from 'next/headers'
import Link from 'next/link'
import {ColumnHeads} from '@/components/office/ColumnHeads'
import ui from '@/components/office/office-page.module.css'
import {PLAN_STATUSES} from '@/lib/booking/plans/plan'
import {requireStaffPage} from '@/lib/office/access/page'
import {officePlanList} from '@/lib/office/plans/actions'
import {officePlanDeps} from '@/lib/office/plans/server'
import {planWords as words} from '@/lib/office/plans/words'
import {Choices} from '@/components/office/Choices'

export const metadata: Metadata = {title: words.listTitle}

/**
 * /office/plans: every recurring plan, newest first, filtered by status (a GET form: the address
 * can be bookmarked, no JavaScript needed), with its customer, frequency, next visit and card.
 */
export default async function OfficePlansPage({searchParams}: {searchParams: Promise<Record<string, string | string[] | undefined>>}) {
  await requireStaffPage('office')
  const search = await searchParams
  const status = typeof search.status === 'string' && (PLAN_STATUSES as readonly string[]).includes(search.status) ? search.status : null
  let rows: Awaited<ReturnType<typeof officePlanList>> | null = null
  try {
    const deps = await officePlanDeps(await headers())
    rows = await officePlanList(deps.functions, status, deps.now())
  } catch (error) {
    console.error('Office: the plans could not be loaded', error)
  }
  return (
    <div>
      <h1 className={ui.title}>{words.listTitle}</h1>
      <p className={ui.intro}>{words.listIntro}</p>
      <form method="get" action="/office/plans" className={ui.form}>
        <div className={ui.field}>
          <label htmlFor="plan-status" className={ui.label}>
            {words.filterLabel}
          </label>
          <select id="plan-status" name="status" defaultValue={status ?? ''} className={ui.input}>
            <option value="">{words.filterAll}</option>
            <Choices values={PLAN_STATUSES} label={(value) => words.status[value]} />
          </select>
        </div>
        <div>
          <button type="submit" className={ui.button}>
            {words.filterButton}
          </button>
        </div>
      </form>
      {rows === null ? (
        <p role="alert" className={ui.problem}>
          {words.unavailable}
        </p>
      ) : rows.length === 0 ? (
        <p>{words.empty}</p>
      ) : (
        <div className={ui.tableWrap}>
          <table className={`${ui.table} ${ui.stacked}`}>
            <caption className={ui.visuallyHidden}>{words.listTitle}</caption>
            <ColumnHeads columns={[words.columns.customer, words.columns.frequency, words.columns.status, words.columns.nextVisit, words.columns.card]} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-plan-id={row.id}>
                  <th scope="row">
                    <Link href={`/office/plans/${row.id}`} prefetch={false}>
                      {row.customer}
                    </Link>
                  </th>
                  <td data-label={words.columns.frequency}>{row.frequency}</td>
                  <td data-label={words.columns.status}>{words.status[row.status]}</td>
                  <td data-label={words.columns.nextVisit}>{row.nextVisit ? `${row.nextVisit.slot} · ${words.charge[row.nextVisit.charge] ?? row.nextVisit.charge}` : words.noNextVisit}</td>
                  <td data-label={words.columns.card}>
                    {row.cardLabel ?? words.noCard}
                    {row.declinedVisits > 0 ? ` · ${words.declinedVisits(row.declinedVisits)}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

import type {Metadata} from 'next'
import {headers} from 'next/headers'
import Link from 'next/link'
import {notFound} from 'next/navigation'
import styles from '@/components/office/booking/booking.module.css'
import {FocusOnArrival} from '@/components/office/booking/FocusOnArrival'
import {ColumnHeads} from '@/components/office/ColumnHeads'
import ui from '@/components/office/office-page.module.css'
import {formatUsd} from '@/lib/booking/money'
import {isUuid} from '@/lib/booking/store/mapping'
import {bookingReference} from '@/lib/booking/stored'
import {requireStaffPage} from '@/lib/office/access/page'
import {officePlanView} from '@/lib/office/plans/actions'
import {officePlanDeps} from '@/lib/office/plans/server'
import {planWords as words} from '@/lib/office/plans/words'
import {customerHref} from '@/lib/office/customers/read'
import {customerWords} from '@/lib/office/customers/words'

export const metadata: Metadata = {title: words.metaTitle}

type Search = Record<string, string | string[] | undefined>

function one(search: Search, key: string): string | null {
  const value = search[key]
  return typeof value === 'string' && value !== '' ? value : null
}

/**
 * /office/plans/[id]: one plan, its visits (date, window, charge state) and charges (amount, status,
 * when), its changes with who made them, and what staff do to it (skip a visit, pause, resume,
 * cancel): plain HTML forms posting to the route handlers beside this page, answered 303 back here.
 */
export default async function OfficePlanPage({params, searchParams}: {params: Promise<{id: string}>; searchParams: Promise<Search>}) {
  await requireStaffPage('office')
  const [{id}, search] = await Promise.all([params, searchParams])
  if (!isUuid(id)) notFound()
  let view: Awaited<ReturnType<typeof officePlanView>> | 'unavailable'
  try {
    const deps = await officePlanDeps(await headers())
    view = await officePlanView(deps.functions, id, deps.now())
  } catch (error) {
    console.error('Office: a plan could not be loaded', error)
    view = 'unavailable'
  }
  if (view === 'unavailable') return <p role="alert">{words.unavailable}</p>
  if (!view) notFound()
  const {plan, visits, charges, changes, earlyCancellation, differenceOwed} = view
  const customer = `${plan.firstName} ${plan.lastName}`
  const done = one(search, 'done')
  const charge = one(search, 'charge')
  const problem = one(search, 'problem')
  const outcome = done
    ? {role: 'status' as const, text: [words.done[done], charge ? words.chargeOutcome[charge] : null].filter(Boolean).join(' '), className: ui.notice}
    : problem
      ? {role: 'alert' as const, text: words.problem[problem] ?? words.problem.unavailable, className: ui.problem}
      : null

  return (
    <div className={styles.page}>
      <p>
        <Link href="/office/plans">{words.backToPlans}</Link>
      </p>
      <div className={styles.header}>
        <h1>{words.pageTitle(customer)}</h1>
        <span className={styles.status} data-plan-status={plan.status}>
          {words.status[plan.status]}
        </span>
      </div>
      {outcome?.text ? (
        <FocusOnArrival id="outcome" role={outcome.role} className={outcome.className}>
          {outcome.text}
        </FocusOnArrival>
      ) : null}
      <div className={styles.columns}>
        <div className={styles.stack}>
          <section aria-labelledby="plan-facts" className={styles.panel}>
            <h2 id="plan-facts">{words.factsHeading}</h2>
            <dl className={styles.facts}>
              <dt>{words.facts.customer}</dt>
              <dd>
                {customer} · <a href={`mailto:${plan.email}`}>{plan.email}</a> · {plan.phone} ·{' '}
                <Link href={customerHref(plan.email)} prefetch={false}>
                  {customerWords.recordLink}
                </Link>
              </dd>
              <dt>{words.facts.frequency}</dt>
              <dd>{plan.frequency}</dd>
              <dt>{words.facts.status}</dt>
              <dd>{words.status[plan.status]}</dd>
              {plan.cancelledBy ? (
                <>
                  <dt>{words.facts.cancelledBy}</dt>
                  <dd>{words.cancelledBy[plan.cancelledBy]}</dd>
                </>
              ) : null}
              <dt>{words.facts.perVisit}</dt>
              <dd>{formatUsd(plan.perVisitCents)}</dd>
              <dt>{words.facts.oneTime}</dt>
              <dd>{formatUsd(plan.oneTimeCents)}</dd>
              <dt>{words.facts.card}</dt>
              <dd>{plan.cardLabel ?? words.noCard}</dd>
              <dt>{words.facts.generatedThrough}</dt>
              <dd>{plan.generatedThrough}</dd>
            </dl>
          </section>

          <section aria-labelledby="plan-visits" className={styles.panel}>
            <h2 id="plan-visits">{words.visitsHeading}</h2>
            <div className={ui.tableWrap}>
              <table className={`${ui.table} ${ui.stacked}`}>
                <ColumnHeads columns={[words.visitColumns.visit, words.visitColumns.when, words.visitColumns.amount, words.visitColumns.charge, words.visitColumns.action]} />
                <tbody>
                  {visits.map((visit) => (
                    <tr key={visit.id} data-plan-visit={visit.date ?? ''}>
                      <th scope="row">
                        <Link href={`/office/bookings/${visit.id}`} prefetch={false} className={ui.nowrap}>
                          {visit.planVisit === 1 ? `${words.firstVisit} ` : ''}
                          {bookingReference(visit.id)}
                        </Link>
                      </th>
                      <td data-label={words.visitColumns.when}>
                        {visit.slot}
                        {visit.placedElsewhere ? ` ${words.elsewhere}` : ''}
                      </td>
                      <td data-label={words.visitColumns.amount}>{visit.amount}</td>
                      <td data-label={words.visitColumns.charge}>{words.charge[visit.charge] ?? visit.charge}</td>
                      <td>
                        {visit.skippable ? (
                          <form method="post" action={`/office/plans/${plan.id}/skip`}>
                            <input type="hidden" name="visit" value={visit.id} />
                            <button type="submit" className={ui.buttonQuiet} aria-label={words.skipLabel(visit.slot)}>
                              {words.skipButton}
                            </button>
                          </form>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby="plan-charges" className={styles.panel}>
            <h2 id="plan-charges">{words.chargesHeading}</h2>
            {charges.length === 0 ? (
              <p>{words.noCharges}</p>
            ) : (
              <div className={ui.tableWrap}>
                <table className={`${ui.table} ${ui.stacked}`}>
                  <ColumnHeads columns={[words.chargeColumns.what, words.chargeColumns.amount, words.chargeColumns.status, words.chargeColumns.when]} />
                  <tbody>
                    {charges.map((item) => (
                      <tr key={item.id} data-plan-charge={item.kind}>
                        <th scope="row">
                          {words.chargeKinds[item.kind]}
                          {item.bookingId ? ` (${bookingReference(item.bookingId)})` : ''}
                        </th>
                        <td data-label={words.chargeColumns.amount}>{item.amount}</td>
                        <td data-label={words.chargeColumns.status}>
                          {words.chargeStatus[item.status] ?? item.status}
                          {item.errorMessage ? ` · ${item.errorMessage}` : ''}
                        </td>
                        <td data-label={words.chargeColumns.when}>{item.when}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>

        <div className={styles.stack}>
          {plan.status !== 'cancelled' ? (
            <section aria-labelledby="plan-actions" className={styles.panel}>
              <h2 id="plan-actions">{words.actionsHeading}</h2>
              {plan.status === 'active' ? (
                <form method="post" action={`/office/plans/${plan.id}/pause`} className={ui.form}>
                  <p>{words.pauseHelp}</p>
                  <div>
                    <button type="submit" className={ui.button}>
                      {words.pauseButton}
                    </button>
                  </div>
                </form>
              ) : (
                <form method="post" action={`/office/plans/${plan.id}/resume`} className={ui.form}>
                  <p>{words.resumeHelp}</p>
                  <div>
                    <button type="submit" className={ui.button}>
                      {words.resumeButton}
                    </button>
                  </div>
                </form>
              )}
              <form method="post" action={`/office/plans/${plan.id}/cancel`} className={ui.form}>
                <p>{words.cancelHelp}</p>
                {earlyCancellation ? (
                  <div className={ui.field}>
                    <label>
                      <input type="checkbox" name="chargeEarly" defaultChecked /> {words.cancelEarly(earlyCancellation)}
                    </label>
                  </div>
                ) : null}
                <div>
                  <button type="submit" className={ui.button}>
                    {words.cancelButton}
                  </button>
                </div>
              </form>
            </section>
          ) : null}
          {differenceOwed ? (
            <section aria-labelledby="plan-difference" className={styles.panel}>
              <h2 id="plan-difference">{words.actionsHeading}</h2>
              <form method="post" action={`/office/plans/${plan.id}/charge-difference`} className={ui.form}>
                <p>{words.differenceOwed(differenceOwed)}</p>
                <div>
                  <button type="submit" className={ui.button}>
                    {words.chargeDifferenceButton}
                  </button>
                </div>
              </form>
            </section>
          ) : null}

          <section aria-labelledby="plan-changes" className={styles.panel}>
            <h2 id="plan-changes">{words.changesHeading}</h2>
            {changes.length === 0 ? (
              <p>{words.noChanges}</p>
            ) : (
              <ul>
                {changes.map((change, index) => (
                  <li key={index}>
                    {words.changeKinds[change.kind]} {words.changeBy(change.by, change.staffName)}
                    {words.released(change.released)} · {change.when}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </div>
  )
}

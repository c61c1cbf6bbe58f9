import Link from 'next/link'
import {BarRows} from '@/components/office/charts/BarRows'
import {RefusedParameter} from '@/components/office/RefusedParameter'
import ui from '@/components/office/office-page.module.css'
import {formatUsd} from '@/lib/booking/money'
import type {RefusedParameter as Refused} from '@/lib/office/shared/input'
import {BOOKING_LIST_WORDS} from '@/lib/office/bookings/words'
import {changePercent, formatPeriod, moneyListLinks, type MoneyFigures} from '@/lib/office/dashboard/money'
import {percentOf, type Compared, type Dashboard as DashboardData} from '@/lib/office/dashboard/read'
import {DASHBOARD_WORDS} from '@/lib/office/dashboard/words'
import {leadListHref} from '@/lib/office/leads/actions'
import {formatScheduleDate} from '@/lib/office/schedule/rules'
import styles from './Dashboard.module.css'

const W = DASHBOARD_WORDS

/** "+12%" / "−5%" beside a figure, or nothing when there was nothing before. */
function Change({current, previous}: {current: number; previous: number}) {
  const percent = changePercent(current, previous)
  if (percent === null || percent === 0) return null
  return <span className={styles.change}>{` (${percent > 0 ? '+' : '−'}${Math.abs(percent)}%)`}</span>
}

type MoneyRow = {key: string; label: string; value: (figures: MoneyFigures) => number | null; text: (figures: MoneyFigures) => string; link?: 'booked' | 'collected' | 'refunded'}

const usd = (cents: number | null) => (cents === null ? W.money.none : formatUsd(cents))
const MONEY_ROWS: MoneyRow[] = [
  {key: 'booked', label: W.money.rows.booked, value: (f) => f.bookedCents, text: (f) => usd(f.bookedCents), link: 'booked'},
  {key: 'bookings', label: W.money.rows.bookings, value: (f) => f.bookedCount, text: (f) => f.bookedCount.toLocaleString('en-US')},
  {key: 'average', label: W.money.rows.average, value: (f) => f.averageCents, text: (f) => usd(f.averageCents)},
  {key: 'collected', label: W.money.rows.collected, value: (f) => f.collectedCents, text: (f) => usd(f.collectedCents), link: 'collected'},
  {key: 'refunded', label: W.money.rows.refunded, value: (f) => f.refundedCents, text: (f) => usd(f.refundedCents), link: 'refunded'},
  {key: 'kept', label: W.money.rows.kept, value: (f) => f.keptCents, text: (f) => usd(f.keptCents)},
  {key: 'tips', label: W.money.rows.tips, value: (f) => f.tipsCents, text: (f) => usd(f.tipsCents)},
  {key: 'coupons', label: W.money.rows.coupons, value: (f) => f.couponsCents, text: (f) => `${usd(f.couponsCents)} ${W.money.couponUses(f.couponUses)}`},
  {key: 'charged', label: W.money.rows.planVisitsCharged, value: (f) => f.planVisitsCharged, text: (f) => f.planVisitsCharged.toLocaleString('en-US')},
  {key: 'declined', label: W.money.rows.planVisitsDeclined, value: (f) => f.planVisitsDeclined, text: (f) => f.planVisitsDeclined.toLocaleString('en-US')},
  {key: 'early', label: W.money.rows.earlyCancellation, value: (f) => f.earlyCancellationCents, text: (f) => usd(f.earlyCancellationCents)},
]

/** One period's money beside the period before, each figure linked to the bookings it adds up. */
function MoneyTable({id, names, compared}: {id: string; names: [string, string]; compared: Compared}) {
  const periods = [compared.current, compared.previous]
  const links = periods.map((period) => moneyListLinks(period))
  const unknownTips = compared.current.tipsUnknown
  return (
    <section aria-labelledby={id} className={styles.moneyPeriod}>
      <h3 id={id}>
        {names[0]} <span className={styles.dates}>{formatPeriod(compared.current)}</span>
      </h3>
      <table className={styles.moneyTable}>
        <caption className={ui.visuallyHidden}>{W.money.caption(names[0], names[1])}</caption>
        <thead>
          <tr>
            <th scope="col">{W.money.figure}</th>
            <th scope="col">
              {names[0]}
              <span className={styles.columnDates}>{formatPeriod(compared.current)}</span>
            </th>
            <th scope="col">
              {names[1]}
              <span className={styles.columnDates}>{formatPeriod(compared.previous)}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {MONEY_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {periods.map((figures, index) => (
                <td key={figures.from} data-figure={row.key}>
                  {row.link ? (
                    <Link href={links[index][row.link]} prefetch={false} aria-label={`${row.text(figures)}: ${W.money.seeList(row.label)}, ${formatPeriod(figures)}`}>
                      {row.text(figures)}
                    </Link>
                  ) : (
                    row.text(figures)
                  )}
                  {index === 0 && <Change current={row.value(compared.current) ?? 0} previous={row.value(compared.previous) ?? 0} />}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {unknownTips > 0 && <p className={styles.note}>{W.money.tipsUnknown(unknownTips)}</p>}
    </section>
  )
}

/**
 * The dashboard (/office): what is on today and what waits; for the owner the money; then the
 * pictures of the dates shown — money week by week, bookings by service, leads as a funnel, where
 * customers heard of us — each with its figures as a table for screen readers and a link to its list.
 */
export function Dashboard({dashboard, refused}: {dashboard: DashboardData; refused: Refused | null}) {
  const {today, range, money} = dashboard
  const bookedInRange = moneyListLinks(range).booked
  const funnel = dashboard.funnel
  const waiting = [
    {key: 'holds', label: W.today.openHolds, count: dashboard.openHolds, href: '/office/bookings?status=unpaid_hold'},
    {key: 'requests', label: W.today.cancellationRequests, count: dashboard.cancellationRequests, href: '/office/attention#cancellation-requests'},
    {key: 'failed', label: W.today.failedEmails, count: dashboard.failedEmails, href: '/office/attention#failed-emails'},
  ]
  return (
    <div className={styles.page}>
      <h1 className={ui.title}>{W.title}</h1>
      <RefusedParameter refused={refused} />

      <section aria-labelledby="dashboard-today" className={styles.section}>
        <h2 id="dashboard-today">{W.today.heading(formatScheduleDate(today))}</h2>
        <ul className={styles.tiles} aria-label={W.today.waiting}>
          {waiting.map((item) => (
            <li key={item.key} data-waiting={item.key}>
              <Link href={item.href} prefetch={false} className={item.count > 0 ? styles.tileAttention : styles.tile}>
                <span className={styles.tileCount}>{item.count.toLocaleString('en-US')}</span> <span>{item.label}</span>
              </Link>
            </li>
          ))}
        </ul>
        {dashboard.jobs.length === 0 ? (
          <p>{W.today.noJobs}</p>
        ) : (
          <table className={`${styles.jobs} ${ui.stacked}`}>
            <caption className={ui.visuallyHidden}>{W.today.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{W.today.columns.crew}</th>
                <th scope="col">{W.today.columns.window}</th>
                <th scope="col">{W.today.columns.jobs}</th>
                <th scope="col">{W.today.columns.started}</th>
                <th scope="col">{W.today.columns.done}</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.jobs.map((row) => (
                <tr key={`${row.crew} ${row.window}`} data-crew={row.crew} data-window={row.window ?? ''}>
                  <th scope="row">
                    <Link href={`/office/schedule/${today}/${row.crew}`} prefetch={false} aria-label={W.today.daySheet(BOOKING_LIST_WORDS.crews[row.crew])}>
                      {BOOKING_LIST_WORDS.crews[row.crew]}
                    </Link>
                  </th>
                  <td data-label={W.today.columns.window}>{row.window?.replace('-', '–') ?? W.today.withoutWindow}</td>
                  <td data-label={W.today.columns.jobs}>
                    {row.jobs} {row.holds > 0 && <span className={styles.note}>{W.today.holdsInWindow(row.holds)}</span>}
                  </td>
                  <td data-label={W.today.columns.started}>{row.started}</td>
                  <td data-label={W.today.columns.done}>{row.done}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p>
          <Link href="/office/schedule" prefetch={false}>
            {W.today.schedule}
          </Link>
        </p>
      </section>

      <form className={styles.range} method="get" action="/office" aria-labelledby="dashboard-range">
        <h2 id="dashboard-range" className={styles.rangeHeading}>
          {W.range.heading}: <span className={styles.dates}>{formatPeriod(range)}</span>
        </h2>
        <p id="dashboard-range-help" className={styles.note}>
          {W.range.help}
        </p>
        <label>
          {W.range.from}
          <input type="date" name="from" defaultValue={range.from} aria-describedby="dashboard-range-help" />
        </label>
        <label>
          {W.range.to}
          <input type="date" name="to" defaultValue={range.to} aria-describedby="dashboard-range-help" />
        </label>
        <button type="submit">{W.range.show}</button>
        <Link href="/office" prefetch={false}>
          {W.range.lastDays}
        </Link>
      </form>

      {money && (
        <section aria-labelledby="dashboard-money" className={styles.section}>
          <h2 id="dashboard-money">{W.money.heading}</h2>
          <p className={styles.note}>{W.money.intro}</p>
          <div className={styles.moneyPeriods}>
            <MoneyTable id="money-week" names={[W.money.week, W.money.previousWeek]} compared={money.week} />
            <MoneyTable id="money-month" names={[W.money.month, W.money.previousMonth]} compared={money.month} />
            <MoneyTable id="money-range" names={[W.money.range, W.money.previousRange]} compared={money.range} />
          </div>
          <section aria-labelledby="money-plans">
            <h3 id="money-plans">{W.money.plans}</h3>
            <dl className={styles.plans}>
              <div>
                <dt>{W.money.activePlans}</dt>
                <dd data-figure="active-plans">{money.plans.active.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt>{W.money.monthlyValue}</dt>
                <dd data-figure="plans-monthly">{formatUsd(money.plans.monthlyCents)}</dd>
              </div>
            </dl>
            <Link href="/office/plans" prefetch={false}>
              {W.money.seePlans}
            </Link>
          </section>
          <BarRows
            caption={W.charts.weeklyCaption}
            labelHeading={W.charts.week}
            series={[
              {name: W.charts.collected, tone: 'teal'},
              {name: W.charts.refunded, tone: 'red'},
            ]}
            rows={money.weekly.map((week) => ({
              key: week.monday,
              label: formatPeriod({from: week.monday, to: week.monday}),
              values: [
                {value: week.collectedCents, text: formatUsd(week.collectedCents)},
                {value: week.refundedCents, text: formatUsd(week.refundedCents)},
              ],
            }))}
            empty={W.charts.nothing}
          />
          <Link href={moneyListLinks({from: money.weekly[0].monday, to: today}).collected} prefetch={false}>
            {W.charts.seeList}: {W.charts.collected.toLowerCase()}
          </Link>
        </section>
      )}

      <section aria-labelledby="dashboard-services" className={styles.section}>
        <h2 id="dashboard-services">{W.charts.byService}</h2>
        <BarRows
          caption={W.charts.byServiceCaption}
          labelHeading={W.charts.service}
          series={[{name: W.charts.count, tone: 'blue'}]}
          rows={dashboard.byService.map((row) => ({
            key: row.industry,
            label: BOOKING_LIST_WORDS.industries[row.industry],
            values: [{value: row.count, text: row.cents === null ? row.count.toLocaleString('en-US') : `${row.count.toLocaleString('en-US')} · ${formatUsd(row.cents)}`}],
          }))}
          empty={W.charts.nothing}
        />
        <Link href={bookedInRange} prefetch={false}>
          {W.charts.seeList}
        </Link>
      </section>

      <section aria-labelledby="dashboard-leads" className={styles.section}>
        <h2 id="dashboard-leads">{W.charts.funnel}</h2>
        <BarRows
          caption={W.charts.funnelCaption}
          labelHeading={W.charts.step}
          series={[{name: W.charts.leads, tone: 'teal'}]}
          rows={(['received', 'contacted', 'quoted', 'won'] as const).map((step) => {
            const percent = percentOf(funnel[step], funnel.received)
            return {
              key: step,
              label: W.charts.steps[step],
              values: [{value: funnel[step], text: step === 'received' || percent === null ? String(funnel[step]) : `${funnel[step]} · ${percent}%`}],
            }
          })}
          empty={W.charts.nothing}
        />
        <p data-figure="conversion">{W.charts.conversion(percentOf(funnel.won, funnel.received))}</p>
        <Link href={leadListHref({from: range.from, to: range.to})} prefetch={false}>
          {W.charts.seeList}
        </Link>
      </section>

      <section aria-labelledby="dashboard-heard" className={styles.section}>
        <h2 id="dashboard-heard">{W.charts.heard}</h2>
        <BarRows
          caption={W.charts.heardCaption}
          labelHeading={W.charts.answer}
          series={[{name: W.charts.requests, tone: 'blue'}]}
          rows={dashboard.heard.map((row) => ({key: row.answer || '(none)', label: row.answer || W.charts.notAnswered, values: [{value: row.count, text: String(row.count)}]}))}
          empty={W.charts.nothing}
        />
        <Link href={leadListHref({kind: 'quote_request', from: range.from, to: range.to})} prefetch={false}>
          {W.charts.seeList}
        </Link>
      </section>
    </div>
  )
}

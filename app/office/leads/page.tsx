import type {Metadata} from 'next'
import Link from 'next/link'
import {LeadTable} from '@/components/office/LeadTable'
import {RefusedParameter} from '@/components/office/RefusedParameter'
import {leadOffice} from '@/lib/office/leads/server'
import {LEAD_KIND_SLUGS, LEAD_STATUSES, leadListHref, OFFICE_LEAD_KINDS, parseLeadListQuery, refusedLeadListQuery} from '@/lib/office/leads/actions'
import {requireStaffPage} from '@/lib/office/access/page'
import {leadWords} from '@/lib/office/leads/words'
import ui from '@/components/office/office-page.module.css'
import styles from './leads.module.css'
import {Choices, StaffChoices} from '@/components/office/Choices'

export const metadata: Metadata = {title: leadWords.title}

const words = leadWords

function searchParamsOf(raw: Record<string, string | string[] | undefined>): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(raw)) if (typeof value === 'string') params.set(key, value)
  return params
}

export default async function LeadsPage({searchParams}: {searchParams: Promise<Record<string, string | string[] | undefined>>}) {
  const staff = await requireStaffPage('office')
  const params = searchParamsOf(await searchParams)
  const query = parseLeadListQuery(params)
  const office = await leadOffice()
  const [page, assignees, heardAnswers] = await Promise.all([office.list(query, staff), office.assignees(), office.heardAnswers()])
  // The answer asked for keeps its place in the choices even when no stored lead gave it (a link from elsewhere).
  const heardChosen = heardAnswers.find((answer) => answer.toLowerCase() === query.heard.toLowerCase()) ?? query.heard
  const heardChoices = heardChosen && !heardAnswers.includes(heardChosen) ? [heardChosen, ...heardAnswers] : heardAnswers

  return (
    <div className={styles.page}>
      <h1>{words.title}</h1>
      <RefusedParameter refused={refusedLeadListQuery(params)} />
      <p>{words.intro}</p>

      <form method="get" action="/office/leads" className={styles.filters} aria-labelledby="lead-filters">
        <h2 id="lead-filters" className={ui.visuallyHidden}>
          {words.filters.legend}
        </h2>
        <div className={styles.field}>
          <label htmlFor="lead-filter-status">{words.filters.status}</label>
          <select id="lead-filter-status" name="status" defaultValue={query.status ?? ''}>
            <option value="">{words.filters.any}</option>
            <Choices values={LEAD_STATUSES} label={(status) => words.statuses[status]} />
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="lead-filter-kind">{words.filters.kind}</label>
          <select id="lead-filter-kind" name="kind" defaultValue={query.kind ? LEAD_KIND_SLUGS[query.kind] : ''}>
            <option value="">{words.filters.any}</option>
            <Choices values={OFFICE_LEAD_KINDS} label={(kind) => words.kinds[kind]} value={(kind) => LEAD_KIND_SLUGS[kind]} />
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="lead-filter-assignee">{words.filters.assignee}</label>
          <select id="lead-filter-assignee" name="assignee" defaultValue={query.assignee ?? ''}>
            <option value="">{words.filters.anyone}</option>
            <option value="mine">{words.filters.mine}</option>
            <option value="nobody">{words.filters.nobody}</option>
            <StaffChoices members={assignees} />
          </select>
        </div>
        <div className={`${styles.field} ${styles.search}`}>
          <label htmlFor="lead-filter-q">{words.filters.search}</label>
          <input id="lead-filter-q" name="q" type="search" defaultValue={query.search} maxLength={100} autoComplete="off" />
        </div>
        <div className={styles.field}>
          <label htmlFor="lead-filter-from">{words.filters.from}</label>
          <input id="lead-filter-from" name="from" type="date" defaultValue={query.from ?? ''} />
        </div>
        <div className={styles.field}>
          <label htmlFor="lead-filter-to">{words.filters.to}</label>
          <input id="lead-filter-to" name="to" type="date" defaultValue={query.to ?? ''} />
        </div>
        <div className={styles.field}>
          <label htmlFor="lead-filter-heard">{words.filters.heard}</label>
          <select id="lead-filter-heard" name="heard" defaultValue={heardChosen}>
            <option value="">{words.filters.any}</option>
            <Choices values={heardChoices} label={(answer) => answer} />
          </select>
        </div>
        {query.order === 'oldest' ? <input type="hidden" name="order" value="oldest" /> : null}
        <div className={styles.buttons}>
          <button type="submit" className={styles.button}>
            {words.filters.apply}
          </button>
          <Link href="/office/leads">{words.filters.clear}</Link>
        </div>
      </form>

      <p role="status" className={styles.count}>
        {words.found(page.total)}
      </p>
      {page.leads.length > 0 ? <LeadTable leads={page.leads} query={query} /> : <p>{words.none}</p>}

      {page.pageCount > 1 ? (
        <nav aria-label={words.pages.label} className={styles.pager}>
          {page.page > 1 ? <Link href={leadListHref({...query, page: page.page - 1})}>{words.pages.previous}</Link> : null}
          <span aria-current="page">{words.pages.current(page.page, page.pageCount)}</span>
          {page.page < page.pageCount ? <Link href={leadListHref({...query, page: page.page + 1})}>{words.pages.next}</Link> : null}
        </nav>
      ) : null}
    </div>
  )
}

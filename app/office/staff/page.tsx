import type {Metadata} from 'next'
import Link from 'next/link'
import {ActionHistory} from '@/components/office/ActionHistory'
import styles from '@/components/office/office-page.module.css'
import {getDatabaseFunctions} from '@/lib/database'
import {formatCompanyDateTime} from '@/lib/format'
import {readStaffChanges} from '@/lib/office/shared/audit'
import {requireStaffPage} from '@/lib/office/access/page'
import {officeAccessStore} from '@/lib/office/access/server'
import type {ServiceFamily} from '@/lib/booking/availability'
import {isStaffCrew, isStaffRole, STAFF_CREWS, STAFF_ROLES} from '@/lib/office/access/roles'
import {accessWords} from '@/lib/office/access/words'
import {BOOKING_LIST_WORDS} from '@/lib/office/bookings/words'
import {Choices} from '@/components/office/Choices'
import {ColumnHeads} from '@/components/office/ColumnHeads'
import alertStyles from '@/components/office/AlertChoices.module.css'
import {readStaffAlertSettings} from '@/lib/office/alerts/store'
import {ALERT_DELIVERIES, ALERT_EVENTS, alertWords} from '@/lib/office/alerts/words'

export const metadata: Metadata = {title: accessWords.staff.title}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/** Owner only: who may sign in, adding, changing (name, role, crew) and removing members, and the record of those changes. */
export default async function StaffPage({searchParams}: PageProps<'/office/staff'>) {
  const me = await requireStaffPage('owner')
  const params = await searchParams
  const w = accessWords.staff
  const functions = await getDatabaseFunctions()
  const [members, changes, alertSettings] = await Promise.all([(await officeAccessStore()).currentStaff(), readStaffChanges(functions), readStaffAlertSettings(functions)])
  const aw = alertWords.staff
  const alertsFor = one(params.alerts)
  const alertsDone = aw.done[one(params.alerts_done)]
  const alertsProblem = aw.problems[one(params.alerts_problem)]
  const done = w.done[one(params.done)]
  const problem = w.problems[one(params.problem)] ?? w.problems[one(params.problem_form)]
  const fieldProblem = (field: 'name' | 'email' | 'role' | 'crew') => w.problems[one(params[`problem_${field}`])] ?? null
  const typed = {name: one(params.name).slice(0, 200), email: one(params.email).slice(0, 254), role: one(params.role), crew: one(params.crew)}

  const editing = members.find((member) => member.id === one(params.edit)) ?? null
  // Typed values come back only to the form that was refused (the add form, or the edited member's).
  const typedFor = (form: 'add' | 'edit') => (form === 'edit' ? Boolean(one(params.edit)) : !one(params.edit))

  const field = (form: 'add' | 'edit', id: 'name' | 'email', label: string, type: string, autoComplete: string, fallback = '') => {
    const problemText = typedFor(form) ? fieldProblem(id) : null
    const htmlId = `${form === 'add' ? 'staff' : 'edit'}-${id}`
    return (
      <div className={styles.field}>
        <label htmlFor={htmlId} className={styles.label}>
          {label}
        </label>
        <input
          id={htmlId}
          name={id}
          type={type}
          autoComplete={autoComplete}
          required
          maxLength={id === 'name' ? 100 : 254}
          defaultValue={typedFor(form) && (typed[id] || problemText) ? typed[id] : fallback}
          className={styles.input}
          aria-invalid={problemText ? true : undefined}
          aria-describedby={problemText ? `${htmlId}-problem` : undefined}
        />
        {problemText && (
          <p id={`${htmlId}-problem`} className={styles.fieldProblem}>
            {problemText}
          </p>
        )}
      </div>
    )
  }

  /** The role and crew choices of the add form and of a member's form (a crew only counts for a crew member). */
  const roleAndCrew = (form: 'add' | 'edit', current: {role: string; crew: string | null}) => {
    const prefix = form === 'add' ? 'staff' : 'edit'
    const roleProblem = typedFor(form) ? fieldProblem('role') : null
    const crewProblem = typedFor(form) ? fieldProblem('crew') : null
    const role = typedFor(form) && isStaffRole(typed.role) ? typed.role : current.role
    const crew = typedFor(form) && typed.role ? typed.crew : (current.crew ?? '')
    return (
      <>
        <div className={styles.field}>
          <label htmlFor={`${prefix}-role`} className={styles.label}>
            {w.roleLabel}
          </label>
          <select
            id={`${prefix}-role`}
            name="role"
            defaultValue={role}
            className={styles.input}
            aria-invalid={roleProblem ? true : undefined}
            aria-describedby={roleProblem ? `${prefix}-role-problem` : undefined}
          >
            <Choices values={STAFF_ROLES} label={(option) => accessWords.roles[option]} />
          </select>
          {roleProblem && (
            <p id={`${prefix}-role-problem`} className={styles.fieldProblem}>
              {roleProblem}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${prefix}-crew`} className={styles.label}>
            {w.crewLabel}
          </label>
          <p id={`${prefix}-crew-hint`}>{w.crewHint}</p>
          <select
            id={`${prefix}-crew`}
            name="crew"
            defaultValue={isStaffCrew(crew) ? crew : ''}
            className={styles.input}
            aria-invalid={crewProblem ? true : undefined}
            aria-describedby={crewProblem ? `${prefix}-crew-hint ${prefix}-crew-problem` : `${prefix}-crew-hint`}
          >
            <option value="">{w.crewNone}</option>
            <Choices values={STAFF_CREWS} label={(option) => BOOKING_LIST_WORDS.crews[option]} />
          </select>
          {crewProblem && (
            <p id={`${prefix}-crew-problem`} className={styles.fieldProblem}>
              {crewProblem}
            </p>
          )}
        </div>
      </>
    )
  }
  const roleText = (member: {role: string; crew: ServiceFamily | null}) =>
    member.role !== 'crew' ? accessWords.roles[member.role] : member.crew ? w.crewRole(BOOKING_LIST_WORDS.crews[member.crew]) : w.noCrew

  return (
    <>
      <h1 className={styles.title}>{w.title}</h1>
      <p className={styles.intro}>{w.intro}</p>
      {done && (
        <p className={styles.notice} role="status">
          {done}
        </p>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {me.role === 'owner' && me.name === accessWords.firstOwnerName && !editing && (
        <p className={styles.notice}>
          {w.renameYourself(me.name)} <a href={`/office/staff?edit=${me.id}#edit-${me.id}`}>{w.edit(me.name)}</a>
        </p>
      )}

      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.stacked}`}>
          <caption>{w.listCaption}</caption>
          <ColumnHeads
            columns={[w.columns.name, w.columns.email, w.columns.role, w.columns.since, <span key="actions" className={styles.visuallyHidden}>{w.columns.actions}</span>]}
          />
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  {member.name} {member.id === me.id && <span>{w.you}</span>}
                </th>
                <td data-label={w.columns.email}>{member.email}</td>
                <td data-label={w.columns.role}>{roleText(member)}</td>
                <td data-label={w.columns.since}>{formatCompanyDateTime(member.createdAt)}</td>
                <td>
                  <a href={`/office/staff?edit=${member.id}#edit-${member.id}`} className={styles.buttonQuiet} aria-label={w.edit(member.name)}>
                    {w.editButton}
                  </a>
                  {member.id !== me.id && (
                    <form method="post" action={`/office/staff/${member.id}/remove`}>
                      <button type="submit" className={styles.buttonQuiet} aria-label={w.remove(member.name)}>
                        {w.removeButton}
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {editing && (
        <section className={styles.section} aria-labelledby={`edit-${editing.id}`}>
          <h2 id={`edit-${editing.id}`} className={styles.sectionTitle}>
            {w.editTitle(editing.name)}
          </h2>
          <div className={styles.card}>
            <form method="post" action={`/office/staff/${editing.id}/edit`} className={styles.form} noValidate>
              {field('edit', 'name', w.nameLabel, 'text', 'off', editing.name)}
              {roleAndCrew('edit', editing)}
              <div>
                <button type="submit" className={styles.button}>
                  {w.saveButton}
                </button>
              </div>
            </form>
          </div>
        </section>
      )}

      <section className={styles.section} aria-labelledby="staff-alerts">
        <h2 id="staff-alerts" className={styles.sectionTitle}>
          {aw.title}
        </h2>
        <p>
          {aw.intro} <Link href="/office/alerts" prefetch={false}>
            {aw.ownPage}
          </Link>
        </p>
        <div className={alertStyles.members}>
          {members.map((member) => {
            const settings = alertSettings.get(member.id)
            const events = settings?.events ?? []
            const textsOn = Boolean(settings?.textConsentAt)
            const here = alertsFor === member.id
            const prefix = `alerts-${member.id}`
            if (member.role === 'crew') {
              return (
                <div key={member.id} className={styles.card}>
                  <h3 id={prefix} className={alertStyles.memberTitle} tabIndex={-1}>
                    {aw.legend(member.name)}
                  </h3>
                  <p>{aw.crewNone}</p>
                </div>
              )
            }
            return (
              <div key={member.id} className={styles.card}>
                <h3 id={prefix} className={alertStyles.memberTitle} tabIndex={-1}>
                  {aw.legend(member.name)}
                </h3>
                <p>
                  {settings && settings.delivery !== 'off'
                    ? aw.summary(alertWords.deliveries[settings.delivery], events.map((event) => alertWords.eventShort[event]))
                    : aw.summaryOff}{' '}
                  ({textsOn ? aw.texts.yes : aw.texts.no})
                </p>
                {here && alertsDone && (
                  <p className={styles.notice} role="status">
                    {alertsDone}
                  </p>
                )}
                {here && alertsProblem && (
                  <p className={styles.problem} role="alert">
                    {alertsProblem}
                  </p>
                )}
                <form method="post" action={`/office/staff/${member.id}/alerts`} className={styles.form} noValidate>
                  <fieldset className={alertStyles.choices}>
                    <legend>{aw.eventsLegend}</legend>
                    {ALERT_EVENTS.map((event) => (
                      <label key={event} className={alertStyles.check}>
                        <input type="checkbox" name={`event_${event}`} defaultChecked={events.includes(event)} /> <span>{alertWords.events[event]}</span>
                      </label>
                    ))}
                  </fieldset>
                  <div className={styles.field}>
                    <label htmlFor={`${prefix}-delivery`} className={styles.label}>
                      {aw.deliveryLabel}
                    </label>
                    <select id={`${prefix}-delivery`} name="delivery" defaultValue={settings?.delivery ?? 'off'} className={styles.input}>
                      <Choices values={ALERT_DELIVERIES} label={(option) => alertWords.deliveries[option]} />
                    </select>
                  </div>
                  <div>
                    <button type="submit" className={styles.button} aria-label={aw.saveFor(member.name)}>
                      {aw.save}
                    </button>
                  </div>
                </form>
              </div>
            )
          })}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="add-staff">
        <h2 id="add-staff" className={styles.sectionTitle}>
          {w.addTitle}
        </h2>
        <div className={styles.card}>
          <form method="post" action="/office/staff/add" className={styles.form} noValidate>
            {field('add', 'name', w.nameLabel, 'text', 'off')}
            {field('add', 'email', w.emailLabel, 'email', 'off')}
            {roleAndCrew('add', {role: 'office', crew: null})}
            <div>
              <button type="submit" className={styles.button}>
                {w.addButton}
              </button>
            </div>
          </form>
        </div>
      </section>

      <ActionHistory
        actions={changes}
        heading={w.historyTitle}
        actionLabels={alertWords.history.actions}
        fieldLabels={alertWords.history.fields}
        valueLabels={{alertDelivery: alertWords.deliveries}}
      />
    </>
  )
}

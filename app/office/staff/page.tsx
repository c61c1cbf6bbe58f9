import type {Metadata} from 'next'
import {ActionHistory} from '@/components/office/ActionHistory'
import styles from '@/components/office/office-page.module.css'
import {getDatabaseFunctions} from '@/lib/database'
import {formatCompanyDateTime} from '@/lib/format'
import {readStaffChanges} from '@/lib/office/audit'
import {requireStaffPage} from '@/lib/office/page-access'
import {officeAccessStore} from '@/lib/office/server'
import {isStaffRole, STAFF_ROLES} from '@/lib/office/staff'
import {accessWords} from '@/lib/office/words'

export const metadata: Metadata = {title: accessWords.staff.title}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/** Owner only: who may sign in, adding and removing members, and the record of those changes. */
export default async function StaffPage({searchParams}: PageProps<'/office/staff'>) {
  const me = await requireStaffPage('owner')
  const params = await searchParams
  const w = accessWords.staff
  const [members, changes] = await Promise.all([(await officeAccessStore()).currentStaff(), getDatabaseFunctions().then((f) => readStaffChanges(f))])
  const done = w.done[one(params.done)]
  const problem = w.problems[one(params.problem)] ?? w.problems[one(params.problem_form)]
  const fieldProblem = (field: 'name' | 'email' | 'role') => w.problems[one(params[`problem_${field}`])] ?? null
  const typed = {name: one(params.name).slice(0, 200), email: one(params.email).slice(0, 254), role: one(params.role)}

  const field = (id: 'name' | 'email', label: string, type: string, autoComplete: string) => {
    const problemText = fieldProblem(id)
    return (
      <div className={styles.field}>
        <label htmlFor={`staff-${id}`} className={styles.label}>
          {label}
        </label>
        <input
          id={`staff-${id}`}
          name={id}
          type={type}
          autoComplete={autoComplete}
          required
          maxLength={id === 'name' ? 100 : 254}
          defaultValue={typed[id]}
          className={styles.input}
          aria-invalid={problemText ? true : undefined}
          aria-describedby={problemText ? `staff-${id}-problem` : undefined}
        />
        {problemText && (
          <p id={`staff-${id}-problem`} className={styles.fieldProblem}>
            {problemText}
          </p>
        )}
      </div>
    )
  }
  const roleProblem = fieldProblem('role')

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

      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.stacked}`}>
          <caption>{w.listCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{w.columns.name}</th>
              <th scope="col">{w.columns.email}</th>
              <th scope="col">{w.columns.role}</th>
              <th scope="col">{w.columns.since}</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>{w.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  {member.name} {member.id === me.id && <span>{w.you}</span>}
                </th>
                <td data-label={w.columns.email}>{member.email}</td>
                <td data-label={w.columns.role}>{accessWords.roles[member.role]}</td>
                <td data-label={w.columns.since}>{formatCompanyDateTime(member.createdAt)}</td>
                <td>
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

      <section className={styles.section} aria-labelledby="add-staff">
        <h2 id="add-staff" className={styles.sectionTitle}>
          {w.addTitle}
        </h2>
        <div className={styles.card}>
          <form method="post" action="/office/staff/add" className={styles.form} noValidate>
            {field('name', w.nameLabel, 'text', 'off')}
            {field('email', w.emailLabel, 'email', 'off')}
            <div className={styles.field}>
              <label htmlFor="staff-role" className={styles.label}>
                {w.roleLabel}
              </label>
              <select
                id="staff-role"
                name="role"
                defaultValue={isStaffRole(typed.role) ? typed.role : 'office'}
                className={styles.input}
                aria-invalid={roleProblem ? true : undefined}
                aria-describedby={roleProblem ? 'staff-role-problem' : undefined}
              >
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {accessWords.roles[role]}
                  </option>
                ))}
              </select>
              {roleProblem && (
                <p id="staff-role-problem" className={styles.fieldProblem}>
                  {roleProblem}
                </p>
              )}
            </div>
            <div>
              <button type="submit" className={styles.button}>
                {w.addButton}
              </button>
            </div>
          </form>
        </div>
      </section>

      <ActionHistory actions={changes} heading={w.historyTitle} />
    </>
  )
}

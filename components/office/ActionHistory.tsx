import {formatCompanyDateTime} from '@/lib/format'
import {actionChanges, actionValueText, type StaffAction} from '@/lib/office/shared/audit'
import {accessWords} from '@/lib/office/access/words'
import styles from './ActionHistory.module.css'
import ui from './office-page.module.css'

/**
 * The record of staff actions on one booking, lead or member: when (Renton time), who, what, and
 * each changed field before → after, in words (times on the company's clock, yes/no, dollars).
 * `actionLabels`, `fieldLabels` and `valueLabels` name an area's own actions, fields and stored
 * values in the office's words (lib/office/access/words.ts and the words.ts of each area); an unknown one shows its key.
 */
export function ActionHistory({
  actions,
  heading = accessWords.history.title,
  headingLevel = 2,
  actionLabels = {},
  fieldLabels = {},
  valueLabels = {},
  id = 'action-history',
}: {
  actions: StaffAction[]
  heading?: string
  headingLevel?: 2 | 3
  actionLabels?: Record<string, string>
  fieldLabels?: Record<string, string>
  /** Stored keys of a field in words ({status: {contacted: 'Contacted'}}); roles are named already. */
  valueLabels?: Record<string, Record<string, string>>
  /** The heading's id (give each history on one page its own). */
  id?: string
}) {
  const w = accessWords.history
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const actionName = (key: string) => actionLabels[key] ?? w.actions[key] ?? key.replaceAll('_', ' ')
  const fieldName = (key: string) => fieldLabels[key] ?? w.fields[key] ?? key.replaceAll('_', ' ')
  const valueWords = {nothing: w.nothing, yes: w.yes, no: w.no, booleans: w.booleans, values: {role: accessWords.roles, ...valueLabels}}
  return (
    <section className={styles.history} aria-labelledby={id}>
      <Heading id={id} className={styles.heading}>
        {heading}
      </Heading>
      {actions.length === 0 ? (
        <p className={styles.empty}>{w.empty}</p>
      ) : (
        <ol className={styles.list}>
          {actions.map((action) => (
            <li key={action.id} className={styles.item}>
              <p className={styles.summary}>
                <time dateTime={action.at}>{formatCompanyDateTime(action.at)}</time>
                {' · '}
                <span className={styles.who}>{action.staffName}</span>
                {' · '}
                <span>{actionName(action.action)}</span>
              </p>
              {actionChanges(action).length > 0 && (
                <dl className={styles.changes}>
                  {actionChanges(action).map((change) => (
                    <div key={change.field} className={styles.change}>
                      <dt>{fieldName(change.field)}</dt>
                      <dd>
                        {actionValueText(change.field, change.before, valueWords)} <span aria-hidden="true">→</span>
                        <span className={ui.visuallyHidden}> {w.changedTo} </span> {actionValueText(change.field, change.after, valueWords)}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

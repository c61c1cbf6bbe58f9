import type {Metadata} from 'next'
import styles from '@/components/office/office-page.module.css'
import alerts from '@/components/office/AlertChoices.module.css'
import {getDatabaseFunctions} from '@/lib/database'
import {formatCompanyDateTime, formatPhone} from '@/lib/format'
import {requireStaffPage} from '@/lib/office/access/page'
import {readOwnAlertSettings} from '@/lib/office/alerts/store'
import {alertWords} from '@/lib/office/alerts/words'

export const metadata: Metadata = {title: alertWords.page.title}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/**
 * A member's own alerts: what the owner chose for them (read only), and their own text number and
 * consent, which only they can give (the form saves the signed-in member's, never anyone else's).
 */
export default async function AlertsPage({searchParams}: PageProps<'/office/alerts'>) {
  const me = await requireStaffPage('office')
  const params = await searchParams
  const w = alertWords.page
  const settings = await readOwnAlertSettings(await getDatabaseFunctions(), me.id)
  const done = w.done[one(params.done)]
  const problemKey = one(params.problem)
  const problem = w.problems[problemKey]
  const phoneProblem = problemKey === 'phone' ? problem : null
  const agreeProblem = problemKey === 'agree' || problemKey === 'consent_needs_phone' ? problem : null
  const events = settings?.events ?? []
  const delivery = settings?.delivery ?? 'off'

  return (
    <>
      <h1 className={styles.title}>{w.title}</h1>
      <p className={styles.intro}>{w.intro}</p>
      {done && (
        <p id="alerts-outcome" tabIndex={-1} className={styles.notice} role="status">
          {done}
        </p>
      )}
      {problem && !phoneProblem && !agreeProblem && (
        <p id="alerts-outcome" tabIndex={-1} className={styles.problem} role="alert">
          {problem}
        </p>
      )}

      <section className={styles.section} aria-labelledby="alerts-chosen">
        <h2 id="alerts-chosen" className={styles.sectionTitle}>
          {w.chosenTitle}
        </h2>
        <p>{delivery === 'off' || events.length === 0 ? w.chosenNone : w.chosen(alertWords.deliveries[delivery], events.map((event) => alertWords.events[event]))}</p>
      </section>

      <section className={styles.section} aria-labelledby="alerts-texts">
        <h2 id="alerts-texts" className={styles.sectionTitle}>
          {w.textTitle}
        </h2>
        <p>{settings?.textConsentAt ? w.consented(formatCompanyDateTime(settings.textConsentAt)) : w.notConsented}</p>
        {settings?.textOptedOut && <p className={styles.notice}>{w.optedOut}</p>}
        <div className={styles.card}>
          <form method="post" action="/office/alerts/texts" className={styles.form} noValidate>
            <div className={styles.field}>
              <label htmlFor="alerts-phone" className={styles.label}>
                {w.phoneLabel}
              </label>
              <p id="alerts-phone-hint">{w.phoneHint}</p>
              <input
                id="alerts-phone"
                name="phone"
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                maxLength={20}
                defaultValue={settings?.textPhone ? formatPhone(settings.textPhone.slice(2)) : ''}
                className={styles.input}
                aria-invalid={phoneProblem ? true : undefined}
                aria-describedby={phoneProblem ? 'alerts-phone-hint alerts-phone-problem' : 'alerts-phone-hint'}
              />
              {phoneProblem && (
                <p id="alerts-phone-problem" className={styles.fieldProblem}>
                  {phoneProblem}
                </p>
              )}
            </div>
            <div className={styles.field}>
              <label className={alerts.check}>
                <input
                  id="alerts-agree"
                  type="checkbox"
                  name="agree"
                  defaultChecked={Boolean(settings?.textConsentAt)}
                  aria-invalid={agreeProblem ? true : undefined}
                  aria-describedby={agreeProblem ? 'alerts-agree-hint alerts-agree-problem' : 'alerts-agree-hint'}
                />
                <span>{w.consentLabel}</span>
              </label>
              <p id="alerts-agree-hint">{w.consentHint}</p>
              {agreeProblem && (
                <p id="alerts-agree-problem" className={styles.fieldProblem}>
                  {agreeProblem}
                </p>
              )}
            </div>
            <div>
              <button type="submit" className={styles.button}>
                {w.save}
              </button>
            </div>
          </form>
        </div>
      </section>
    </>
  )
}

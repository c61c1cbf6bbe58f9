import type {Metadata} from 'next'
import {redirect} from 'next/navigation'
import styles from '@/components/office/office-page.module.css'
import {currentStaff} from '@/lib/office/access/page'
import {officeReturnPath} from '@/lib/office/access/paths'
import {accessWords} from '@/lib/office/access/words'

export const metadata: Metadata = {title: accessWords.signIn.title}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/** Asks for a sign-in link by e-mail; says the same afterwards whether or not the address is staff's. */
export default async function SignInPage({searchParams}: PageProps<'/office/sign-in'>) {
  const params = await searchParams
  const next = officeReturnPath(one(params.next))
  if (await currentStaff()) redirect(next)
  const w = accessWords.signIn
  const email = one(params.email).slice(0, 254)
  const problem = one(params.problem)
  const status = one(params.status)
  const retryMinutes = Math.max(1, Math.ceil(Number(one(params.retry)) / 60) || 1)

  if (one(params.sent) === '1') {
    return (
      <>
        <h1 className={styles.title}>{w.sentTitle}</h1>
        <p className={styles.notice} role="status">
          {w.sent(email)}
        </p>
        <a href={`/office/sign-in${next === '/office' ? '' : `?next=${encodeURIComponent(next)}`}`} className={styles.buttonQuiet}>
          {w.sendAnother}
        </a>
      </>
    )
  }

  const fieldProblem = problem === 'email' ? w.invalidEmail : null
  return (
    <>
      <h1 className={styles.title}>{w.title}</h1>
      {status === 'signed_out' && (
        <p className={styles.notice} role="status">
          {w.signedOut}
        </p>
      )}
      {problem === 'throttled' && (
        <p className={styles.problem} role="alert">
          {w.throttled(retryMinutes)}
        </p>
      )}
      {problem === 'unavailable' && (
        <p className={styles.problem} role="alert">
          {w.unavailable}
        </p>
      )}
      <p className={styles.intro}>{w.intro}</p>
      <div className={styles.card}>
        <form method="post" action="/office/sign-in/link" className={styles.form} noValidate>
          <input type="hidden" name="next" value={next} />
          <div className={styles.field}>
            <label htmlFor="sign-in-email" className={styles.label}>
              {w.emailLabel}
            </label>
            <input
              id="sign-in-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              maxLength={254}
              defaultValue={email}
              className={styles.input}
              aria-invalid={fieldProblem ? true : undefined}
              aria-describedby={fieldProblem ? 'sign-in-email-problem' : undefined}
              autoFocus={Boolean(fieldProblem)}
            />
            {fieldProblem && (
              <p id="sign-in-email-problem" className={styles.fieldProblem}>
                {fieldProblem}
              </p>
            )}
          </div>
          <div>
            <button type="submit" className={styles.button}>
              {w.submit}
            </button>
          </div>
        </form>
      </div>
    </>
  )
}

import type {Metadata} from 'next'
import styles from '@/components/office/office-page.module.css'
import type {SignInRefusal} from '@/lib/office/access/store'
import {officeReturnPath, signInPathFor} from '@/lib/office/access/paths'
import {accessWords} from '@/lib/office/access/words'

export const metadata: Metadata = {title: accessWords.verify.title}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''
const REFUSALS = Object.keys(accessWords.verify.refused) as SignInRefusal[]

/**
 * What a sign-in link opens: a button that signs in. Opening the link uses nothing up (mail
 * scanners open links); the button's POST does, once.
 */
export default async function VerifyPage({searchParams}: PageProps<'/office/sign-in/verify'>) {
  const params = await searchParams
  const w = accessWords.verify
  const next = officeReturnPath(one(params.next))
  const refused = REFUSALS.find((reason) => reason === one(params.refused))
  const token = one(params.token).slice(0, 64)
  if (refused || !token) {
    return (
      <>
        <h1 className={styles.title}>{w.refusedTitle}</h1>
        <p className={styles.problem} role="alert">
          {w.refused[refused ?? 'unknown']}
        </p>
        <a href={signInPathFor(next)} className={styles.button}>
          {w.askAgain}
        </a>
      </>
    )
  }
  return (
    <>
      <h1 className={styles.title}>{w.title}</h1>
      <p className={styles.intro}>{w.intro}</p>
      <form method="post" action="/office/sign-in/session">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="next" value={next} />
        <button type="submit" className={styles.button}>
          {w.button}
        </button>
      </form>
    </>
  )
}

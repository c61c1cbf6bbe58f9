import Link from 'next/link'
import styles from '@/components/office/office-page.module.css'
import {accessWords} from '@/lib/office/access/words'

/** A member of staff on an owner's page (403). */
export default function OfficeForbidden() {
  const w = accessWords.forbidden
  return (
    <>
      <h1 className={styles.title}>{w.title}</h1>
      <p className={styles.intro}>{w.body}</p>
      <Link href="/office" className={styles.buttonQuiet} prefetch={false}>
        {w.back}
      </Link>
    </>
  )
}

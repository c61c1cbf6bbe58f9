'use client'

import {useId, useState} from 'react'
import styles from './CrewCalendars.module.css'

type Props = {address: string; webcal: string; words: {label: string; copy: string; copied: string; copyFailed: string; webcalLink: string}}

/** The new address, selectable by hand (works without JavaScript) and copied with one press. */
export function CopyAddress({address, webcal, words}: Props) {
  const id = useId()
  const [said, setSaid] = useState('')
  async function copy() {
    try {
      await navigator.clipboard.writeText(address)
      setSaid(words.copied)
    } catch {
      setSaid(words.copyFailed)
    }
  }
  return (
    <div className={styles.copy}>
      <label htmlFor={id} className={styles.label}>
        {words.label}
      </label>
      <input id={id} className={styles.address} type="text" readOnly value={address} onFocus={(event) => event.currentTarget.select()} spellCheck={false} />
      <div className={styles.copyActions}>
        <button type="button" className={styles.button} onClick={copy}>
          {words.copy}
        </button>
        <a className={styles.link} href={webcal}>
          {words.webcalLink}
        </a>
      </div>
      <p className={styles.said} role="status" aria-live="polite">
        {said}
      </p>
    </div>
  )
}

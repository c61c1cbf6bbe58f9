import Link from 'next/link'
import {iconHref} from '@/components/ui/icon-shapes'
import styles from './Logo.module.css'

const MARK_SIZE = 40

/** The brand mark (its shape is in the icon sprite). Decorative (the name is the label). */
export function LogoMark({size = MARK_SIZE}: {size?: number}) {
  // The default size is the stylesheet's (.mark); another size is given as attributes.
  return (
    <svg className={styles.mark} {...(size !== MARK_SIZE && {width: size, height: size})} aria-hidden="true">
      <use href={iconHref('logo-mark')} />
    </svg>
  )
}

export type LogoProps = {
  companyName: string
  /** light = on a dark background (footer). */
  tone?: 'default' | 'light'
  className?: string
}

/** Mark + company name, linking home. */
export function Logo({companyName, tone = 'default', className}: LogoProps) {
  return (
    <Link
      href="/"
      className={[styles.logo, tone === 'light' && styles.light, className].filter(Boolean).join(' ')}
      aria-label={`${companyName}, home`}
    >
      <LogoMark />
      <span className={styles.name} aria-hidden="true">
        {companyName}
      </span>
    </Link>
  )
}

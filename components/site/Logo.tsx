import Link from 'next/link'
import {iconHref} from '@/components/ui/icon-shapes'
import styles from './Logo.module.css'

/** The brand mark (its shape is in the icon sprite). Decorative (the name is the label). */
export function LogoMark({size = 40}: {size?: number}) {
  return (
    <svg className={styles.mark} width={size} height={size} aria-hidden="true" focusable="false">
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

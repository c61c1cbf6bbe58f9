import Link from 'next/link'
import styles from './Logo.module.css'

/** The brand mark: a cedar over the river, with a sparkle. Decorative (the name is the label). */
export function LogoMark({size = 40}: {size?: number}) {
  return (
    <svg
      className={styles.mark}
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 40 40"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="40" height="40" rx="12" fill="#0f5c5e" />
      <path d="M19 7.5l6.5 10h-3.2l4.4 6.5H11.3l4.4-6.5h-3.2z" fill="#bfe6dc" />
      <rect x="18" y="23.5" width="2" height="3.5" rx="0.6" fill="#bfe6dc" />
      <path
        d="M7.5 29.5c2.6-1.9 5.2-1.9 7.8 0s5.2 1.9 7.8 0 5.2-1.9 7.8 0"
        fill="none"
        stroke="#1f8a7a"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <path
        d="M7.5 29.5c2.6-1.9 5.2-1.9 7.8 0s5.2 1.9 7.8 0 5.2-1.9 7.8 0"
        fill="none"
        stroke="#e6f4f0"
        strokeWidth="1"
        strokeLinecap="round"
        transform="translate(0 3.2)"
        opacity="0.55"
      />
      <path d="M30 7l1.1 3.1 3.1 1.1-3.1 1.1L30 15.4l-1.1-3.1-3.1-1.1 3.1-1.1z" fill="#f2b84b" />
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

import type {ReactNode} from 'react'
import styles from './Badge.module.css'

export type BadgeTone = 'mint' | 'paleMint' | 'sunshine' | 'coral' | 'sky' | 'teal'

export type BadgeProps = {
  tone?: BadgeTone
  /** Optional decorative icon before the text. */
  icon?: ReactNode
  className?: string
  children: ReactNode
}

/** A small pill label ("Eco-friendly", "2000+ cleanings"). */
export function Badge({tone = 'mint', icon, className, children}: BadgeProps) {
  return (
    <span className={[styles.badge, styles[tone], className].filter(Boolean).join(' ')}>
      {icon}
      {children}
    </span>
  )
}

export type IconBadgeProps = {
  /** An icon from components/ui/icons (decorative). */
  icon: ReactNode
  tone?: BadgeTone
  size?: 'sm' | 'md' | 'lg'
  /** Set only when the icon alone carries meaning; otherwise it is hidden from assistive tech. */
  label?: string
  className?: string
}

/** An icon on a soft rounded tile, for feature highlights and contact rows. */
export function IconBadge({icon, tone = 'mint', size = 'md', label, className}: IconBadgeProps) {
  const sizeClass = {sm: styles.iconSm, md: styles.iconMd, lg: styles.iconLg}[size]
  return (
    <span
      className={[styles.iconBadge, styles[tone], sizeClass, className].filter(Boolean).join(' ')}
      {...(label ? {role: 'img', 'aria-label': label} : {'aria-hidden': true})}
    >
      {icon}
    </span>
  )
}

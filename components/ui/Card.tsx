import type {ElementType, HTMLAttributes, ReactNode} from 'react'
import styles from './Card.module.css'

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** Element to render (default div; use "article" or "li" where it fits). */
  as?: ElementType
  /** white (default, bordered with a soft shadow), mint (pale mint, flat), cream (warm, flat). */
  tone?: 'white' | 'mint' | 'cream'
  padding?: 'none' | 'sm' | 'md' | 'lg'
  /** Lifts on hover / focus-within (cards that contain a link). */
  interactive?: boolean
  children?: ReactNode
}

/** A rounded light surface. Always light, even inside a dark Section. */
export function Card({
  as: Tag = 'div',
  tone = 'white',
  padding = 'md',
  interactive = false,
  className,
  children,
  ...rest
}: CardProps) {
  const pad = {none: styles.padNone, sm: styles.padSm, md: undefined, lg: styles.padLg}[padding]
  const classes = [styles.card, styles[tone], pad, interactive && styles.interactive, className]
    .filter(Boolean)
    .join(' ')
  return (
    <Tag className={classes} {...rest}>
      {children}
    </Tag>
  )
}

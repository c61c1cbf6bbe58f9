import type {ElementType, HTMLAttributes, ReactNode} from 'react'
import styles from './Container.module.css'

export type ContainerWidth = 'narrow' | 'default' | 'wide'

export type ContainerProps = HTMLAttributes<HTMLElement> & {
  /** Element to render (default div). */
  as?: ElementType
  /** narrow ≈ 46rem (reading), default 72rem, wide 80rem. */
  width?: ContainerWidth
  children?: ReactNode
}

/** Centres content with the site's max width and fluid side gutters. */
export function Container({as: Tag = 'div', width = 'default', className, children, ...rest}: ContainerProps) {
  const classes = [styles.container, width !== 'default' && styles[width], className].filter(Boolean).join(' ')
  return (
    <Tag className={classes} {...rest}>
      {children}
    </Tag>
  )
}

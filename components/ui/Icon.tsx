'use client'

import type {CSSProperties, SVGProps} from 'react'
import {iconHref, type IconName} from './icon-shapes'
import styles from './Icon.module.css'

/*
 * One icon's <svg>, referring to its shape in the sprite (see icons.tsx for the named icons).
 *
 * A client module although an icon has no state: an icon drawn by a server component then reaches
 * the page's router data as a short reference with its props (`["$","$L1f",null,{"name":"check"}]`)
 * instead of the whole <svg> element. Client components draw their icons with Icon itself, so the
 * browser gets this one module and not the named icons of icons.tsx (which server components use).
 */

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'name'> & {
  /** Width and height in px (default 20, which comes from Icon.module.css: no attributes). */
  size?: number | string
}

const DEFAULT_SIZE = 20

export function Icon({name, size = DEFAULT_SIZE, className, strokeWidth, style, ...props}: IconProps & {name: IconName}) {
  const iconStyle: CSSProperties | undefined = strokeWidth === undefined ? style : {strokeWidth, ...style}
  // No focusable="false": it only kept IE11 from giving an SVG a tab stop.
  return (
    <svg
      {...(size !== DEFAULT_SIZE && {width: size, height: size})}
      aria-hidden="true"
      className={className ? `${styles.icon} ${className}` : styles.icon}
      {...(iconStyle && {style: iconStyle})}
      {...props}
    >
      <use href={iconHref(name)} />
    </svg>
  )
}

/** A star; `filled` paints it (rating stars). */
export function StarIcon({filled = true, className, ...props}: IconProps & {filled?: boolean}) {
  return <Icon name="star" {...props} className={[filled ? styles.filled : styles.outline, className].filter(Boolean).join(' ')} />
}

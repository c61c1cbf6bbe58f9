import {Icon, type IconProps} from './Icon'
import styles from './Icon.module.css'

/*
 * Icons: 24×24 stroke drawings in currentColor, hidden from assistive technology (the text next to
 * them carries the meaning; give icon-only controls an aria-label). Each refers to its shape in the
 * cached sprite /icons.svg (see icon-shapes.ts) instead of carrying it, which keeps pages small.
 * Stroke and fill come from Icon.module.css; a `strokeWidth` given here overrides it. The <svg>
 * itself is drawn by ./Icon.tsx.
 */

export type {IconProps}

export const CheckIcon = (props: IconProps) => <Icon name="check" {...props} />
export const PhoneIcon = (props: IconProps) => <Icon name="phone" {...props} />
export const MailIcon = (props: IconProps) => <Icon name="mail" {...props} />
export const MapPinIcon = (props: IconProps) => <Icon name="map-pin" {...props} />
export const MenuIcon = (props: IconProps) => <Icon name="menu" {...props} />
export const CloseIcon = (props: IconProps) => <Icon name="close" {...props} />
export const ArrowUpIcon = (props: IconProps) => <Icon name="arrow-up" {...props} />
export const ArrowRightIcon = (props: IconProps) => <Icon name="arrow-right" {...props} />
export const SparkleIcon = (props: IconProps) => <Icon name="sparkle" {...props} />
export const LeafIcon = (props: IconProps) => <Icon name="leaf" {...props} />
export const ShieldIcon = (props: IconProps) => <Icon name="shield" {...props} />
export const CalendarIcon = (props: IconProps) => <Icon name="calendar" {...props} />
export const ClockIcon = (props: IconProps) => <Icon name="clock" {...props} />

/** Points down; rotate with CSS (or `direction`) for the other ways. */
export function ChevronIcon({direction = 'down', style, ...props}: IconProps & {direction?: 'down' | 'up' | 'left' | 'right'}) {
  const rotate = {down: 0, left: 90, up: 180, right: 270}[direction]
  return <Icon name="chevron" {...props} style={rotate ? {transform: `rotate(${rotate}deg)`, ...style} : style} />
}

/** A star; `filled` paints it (rating stars). */
export function StarIcon({filled = true, className, ...props}: IconProps & {filled?: boolean}) {
  return <Icon name="star" {...props} className={[filled ? styles.filled : styles.outline, className].filter(Boolean).join(' ')} />
}

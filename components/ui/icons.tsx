import {Icon, type IconProps} from './Icon'

/*
 * Icons: 24×24 stroke drawings in currentColor, hidden from assistive technology (the text next to
 * them carries the meaning; give icon-only controls an aria-label). Each refers to its shape in the
 * cached sprite /icons.svg (see icon-shapes.ts) instead of carrying it, which keeps pages small.
 * Stroke and fill come from Icon.module.css; a `strokeWidth` given here overrides it. The <svg>
 * itself is drawn by ./Icon.tsx, which client components use directly (these names are for server
 * components: in the browser they would be one more module).
 */

export type {IconProps}
export {StarIcon} from './Icon'

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
  const rotated = rotate ? {transform: `rotate(${rotate}deg)`, ...style} : style
  return <Icon name="chevron" {...props} {...(rotated && {style: rotated})} />
}

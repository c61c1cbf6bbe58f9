import type {ReactNode, SVGProps} from 'react'

/*
 * Inline SVG icons: 24×24 stroke drawings in currentColor, hidden from assistive technology (the
 * text next to them carries the meaning; give icon-only controls an aria-label).
 */

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  /** Width and height in px (default 20). */
  size?: number | string
}

function Icon({size = 20, children, ...props}: IconProps & {children: ReactNode}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 12.5l5 5 10-11" />
    </Icon>
  )
}

export function PhoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 3.5h3.2l1.6 4.3-2.1 1.4a11.5 11.5 0 0 0 7.1 7.1l1.4-2.1 4.3 1.6V19a1.9 1.9 0 0 1-2 1.9A16.5 16.5 0 0 1 3.1 5.5 1.9 1.9 0 0 1 5 3.5z" />
    </Icon>
  )
}

export function MailIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
    </Icon>
  )
}

export function MapPinIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21.5s-7-6.2-7-11.8a7 7 0 0 1 14 0c0 5.6-7 11.8-7 11.8z" />
      <circle cx="12" cy="9.7" r="2.6" />
    </Icon>
  )
}

/** Points down; rotate with CSS (or `direction`) for the other ways. */
export function ChevronIcon({direction = 'down', style, ...props}: IconProps & {direction?: 'down' | 'up' | 'left' | 'right'}) {
  const rotate = {down: 0, left: 90, up: 180, right: 270}[direction]
  return (
    <Icon {...props} style={rotate ? {transform: `rotate(${rotate}deg)`, ...style} : style}>
      <path d="M6 9l6 6 6-6" />
    </Icon>
  )
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  )
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  )
}

export function ArrowUpIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 19V5M5.5 11.5L12 5l6.5 6.5" />
    </Icon>
  )
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12h14M12.5 5.5L19 12l-6.5 6.5" />
    </Icon>
  )
}

/** A star; `filled` paints it (rating stars). */
export function StarIcon({filled = true, ...props}: IconProps & {filled?: boolean}) {
  return (
    <Icon {...props} fill={filled ? 'currentColor' : 'none'} strokeWidth={1.6}>
      <path d="M12 3.3l2.7 5.5 6 .9-4.4 4.2 1.1 6-5.4-2.9-5.4 2.9 1.1-6-4.4-4.2 6-.9z" />
    </Icon>
  )
}

export function SparkleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10 3.5l1.6 4.6a3 3 0 0 0 1.8 1.8L18 11.5l-4.6 1.6a3 3 0 0 0-1.8 1.8L10 19.5l-1.6-4.6a3 3 0 0 0-1.8-1.8L2 11.5l4.6-1.6a3 3 0 0 0 1.8-1.8z" />
      <path d="M19 2.5v4M17 4.5h4M19.5 16.5v3M18 18h3" />
    </Icon>
  )
}

export function LeafIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 19.5C4 12 8.5 4.5 20 4c.5 11.5-7 16-14.5 15.5z" />
      <path d="M4 20.5c3-4.5 6.5-8 11-10.5" />
    </Icon>
  )
}

export function ShieldIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2.8l7.5 2.8v5.9c0 4.7-3.1 8.6-7.5 9.9-4.4-1.3-7.5-5.2-7.5-9.9V5.6z" />
      <path d="M8.7 12l2.3 2.3 4.4-4.6" />
    </Icon>
  )
}

export function CalendarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </Icon>
  )
}

export function ClockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.75" />
      <path d="M12 7.5V12l3 2" />
    </Icon>
  )
}

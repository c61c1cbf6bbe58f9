import type {ReactNode} from 'react'
import {
  CalendarIcon,
  CheckIcon,
  ClockIcon,
  LeafIcon,
  MailIcon,
  PhoneIcon,
  ShieldIcon,
  SparkleIcon,
  StarIcon,
} from '@/components/ui/icons'

/*
 * Features have no icon field in the content, so each gets a decorative icon that suits its title
 * (an eco-friendly feature a leaf, a time window a clock…), else one from a fixed rotation. The
 * icon is hidden from assistive technology; the title carries the meaning.
 */
const RULES: [RegExp, () => ReactNode][] = [
  [/phone|call/i, () => <PhoneIcon />],
  [/quote|e-?mail|\btext\b|report/i, () => <MailIcon />],
  [/eco|green|plant|garden/i, () => <LeafIcon />],
  [/hour|window|timing|dry|after-hours|opening/i, () => <ClockIcon />],
  [/weekly|monthly|recurring|schedul|booked|plan|move/i, () => <CalendarIcon />],
  [/verified|trained|safe|protect|careful|pressure|no on-site|pricing/i, () => <ShieldIcon />],
  [/check|list|restock|included/i, () => <CheckIcon />],
]

const ROTATION = [() => <SparkleIcon />, () => <ShieldIcon />, () => <StarIcon filled={false} />]

export function featureIcon(title: string, index: number): ReactNode {
  const rule = RULES.find(([pattern]) => pattern.test(title))
  return (rule ? rule[1] : ROTATION[index % ROTATION.length]!)()
}

import {IconBadge} from '@/components/ui/Badge'
import {Card} from '@/components/ui/Card'
import {CheckIcon, LeafIcon, ShieldIcon, SparkleIcon} from '@/components/ui/icons'
import styles from './ValuesGrid.module.css'

const ICONS = [<ShieldIcon key="shield" />, <CheckIcon key="check" />, <LeafIcon key="leaf" />, <SparkleIcon key="sparkle" />]
const TONES = ['mint', 'sunshine', 'sky', 'coral'] as const

/** What we stand for: a card per value (title and text from content; icons are decoration). */
export function ValuesGrid({values}: {values: {_key: string; title: string; text: string}[]}) {
  return (
    <ul role="list" className={styles.grid}>
      {values.map((value, i) => (
        <Card as="li" key={value._key} className={styles.card}>
          <IconBadge icon={ICONS[i % ICONS.length]} tone={TONES[i % TONES.length]} />
          <h2 className={styles.title}>{value.title}</h2>
          <p className={styles.text}>{value.text}</p>
        </Card>
      ))}
    </ul>
  )
}

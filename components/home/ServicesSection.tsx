import type {HomePage} from '@/lib/content'
import Link from 'next/link'
import {Card} from '@/components/ui/Card'
import {ContentImage} from '@/components/ui/ContentImage'
import {ArrowRightIcon, CheckIcon} from '@/components/ui/icons'
import {Section} from '@/components/ui/Section'
import {startingPriceText} from '@/lib/booking/starting-price'
import {editAttribute, listItem, type EditLinks, type FieldEditLinks} from '@/lib/content/edit-links'
import styles from './ServicesSection.module.css'

type ServiceCard = HomePage['servicesSection']['cards'][number]

function ServiceCardItem({card, edit, editCard}: {card: ServiceCard; edit?: FieldEditLinks; editCard?: EditLinks}) {
  const price = startingPriceText(card.pricedServices, card.priceNote)
  return (
    <Card as="li" padding="none" interactive className={styles.card} {...editAttribute(edit?.(`cards${listItem(card._key)}`))}>
      <ContentImage
        image={card.image}
        sizes="(min-width: 72rem) 18rem, (min-width: 40rem) 45vw, 100vw"
        className={styles.image}
        editLink={editCard?.({id: card._id, type: 'serviceCard'}, 'image')}
      />
      <div className={styles.body}>
        <h3 className={styles.title}>
          {card.title}
        </h3>
        <p className={styles.summary}>{card.summary}</p>
        {price ? (
          <p className={styles.price} data-starting-price="">
            {price}
          </p>
        ) : null}
        {card.subServices.length > 0 ? (
          <ul role="list" className={styles.subServices}>
            {card.subServices.map((name) => (
              <li key={name}>
                <CheckIcon size={16} />
                {name}
              </li>
            ))}
          </ul>
        ) : null}
        <Link href={`/${card.slug}`} className={styles.link}>
          Learn more<span className="visually-hidden"> about {card.title}</span>
          <ArrowRightIcon size={16} />
        </Link>
      </div>
    </Card>
  )
}

/** Our Services: the four service cards, each with the price its cheapest service starts from, leading to its page. */
/** `edit` (an editor's preview only): links into the home page's section; `editCard`: into each card's own document. */
export function ServicesSection({section, edit, editCard}: {section: HomePage['servicesSection']; edit?: FieldEditLinks; editCard?: EditLinks | null}) {
  return (
    <Section id="services" heading={section.heading} intro={section.intro} tone="tinted" width="wide" align="center">
      <ul role="list" className={styles.grid}>
        {section.cards.map((card) => (
          <ServiceCardItem key={card._key} card={card} edit={edit} editCard={editCard ?? undefined} />
        ))}
      </ul>
    </Section>
  )
}

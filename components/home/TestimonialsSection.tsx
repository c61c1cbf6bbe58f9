import type {HomePage} from '@/lib/content'
import {Button} from '@/components/ui/Button'
import {Card} from '@/components/ui/Card'
import {ContentImage} from '@/components/ui/ContentImage'
import {ArrowRightIcon} from '@/components/ui/icons'
import {Section} from '@/components/ui/Section'
import {editAttribute, listItem, type EditLinks, type FieldEditLinks} from '@/lib/content/edit-links'
import styles from './TestimonialsSection.module.css'

/** Testimonials: three quotes with photo, name and position, and the Share Your Experience button. */
export function TestimonialsSection({
  section,
  feedbackFormUrl,
  edit,
  editTestimonial,
}: {
  section: HomePage['testimonialsSection']
  feedbackFormUrl: string
  /** An editor's preview only: links into the home page's section, and into each testimonial's document. */
  edit?: FieldEditLinks
  editTestimonial?: EditLinks | null
}) {
  return (
    <Section id="testimonials" heading={section.heading} intro={section.intro} width="wide" align="center">
      <ul role="list" className={styles.grid}>
        {section.testimonials.map((testimonial) => (
          <Card as="li" key={testimonial._key} tone="cream" className={styles.card} {...editAttribute(edit?.(`testimonials${listItem(testimonial._key)}`))}>
            <figure className={styles.figure}>
              <span className={styles.mark} aria-hidden="true">
                “
              </span>
              <h3 className={styles.title}>{testimonial.quoteTitle}</h3>
              <blockquote className={styles.quote}>
                <p className={styles.text}>{testimonial.quoteText}</p>
              </blockquote>
              <figcaption className={styles.person}>
                <ContentImage
                  image={testimonial.userImage}
                  sizes="3.5rem"
                  className={styles.photo}
                  editLink={editTestimonial?.({id: testimonial._id, type: 'testimonial'}, 'userImage')}
                />
                <span>
                  <span className={styles.name}>{testimonial.name}</span>
                  <span className={styles.position}>{testimonial.position}</span>
                </span>
              </figcaption>
            </figure>
          </Card>
        ))}
      </ul>
      <div className={styles.share}>
        <Button href={feedbackFormUrl} newTab variant="secondary" size="lg" iconEnd={<ArrowRightIcon />}>
          {section.shareLabel}
        </Button>
      </div>
    </Section>
  )
}

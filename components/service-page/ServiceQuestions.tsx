import {Accordion} from '@/components/ui/Accordion'
import {MailIcon, PhoneIcon} from '@/components/ui/icons'
import {Section, type SectionTone} from '@/components/ui/Section'
import {EmailText} from '@/components/ui/EmailText'
import {listItem, type FieldEditLinks} from '@/lib/content/edit-links'
import styles from './ServiceQuestions.module.css'

export type ServiceQuestionsProps = {
  heading: string
  /** Before the phone and e-mail under the questions ("Still have a question?"). */
  followUp: string
  items: {_key: string; question: string; answer: string[]}[]
  phone: string
  phoneHref: string
  email: string
  emailHref: string
  tone: SectionTone
  /** An editor's preview only: click-to-edit links for its questions (lib/content/edit-links.ts). */
  edit?: FieldEditLinks
}

/** Common Questions (with their FAQPage data): one answer open at a time, then where to ask anything else. */
export function ServiceQuestions({heading, followUp, items, phone, phoneHref, email, emailHref, tone, edit}: ServiceQuestionsProps) {
  return (
    <Section id="questions" heading={heading} tone={tone} align="center" width="narrow">
      <Accordion faqStructuredData items={items.map(({_key, question, answer}) => ({id: _key, question, answer, ...(edit ? {edit: edit(`items${listItem(_key)}`)} : {})}))} />
      <div className={styles.more}>
        <p className={styles.moreLabel}>{followUp}</p>
        <ul role="list" className={styles.contacts}>
          <li>
            <a href={phoneHref} className={styles.contact}>
              <PhoneIcon size={18} />
              <span>{phone}</span>
            </a>
          </li>
          <li>
            <a href={emailHref} className={styles.contact}>
              <MailIcon size={18} />
              <span>
                <EmailText email={email} />
              </span>
            </a>
          </li>
        </ul>
      </div>
    </Section>
  )
}

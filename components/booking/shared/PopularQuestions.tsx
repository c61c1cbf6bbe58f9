import {Accordion} from '@/components/ui/Accordion'
import {SidebarCard} from './SidebarCard'

export type PopularQuestion = {_id: string; question: string; answer: string[]}

export type PopularQuestionsProps = {
  questions: readonly PopularQuestion[]
  /** Default "Popular Questions". */
  heading?: string
}

/** The sidebar's FAQ box: the design system's accordion (one answer open at a time). */
export function PopularQuestions({questions, heading = 'Popular Questions'}: PopularQuestionsProps) {
  if (questions.length === 0) return null
  return (
    <SidebarCard heading={heading}>
      <Accordion headingLevel={3} items={questions.map((item) => ({id: item._id, question: item.question, answer: item.answer}))} />
    </SidebarCard>
  )
}

import {fireEvent, render, screen, within} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import {questionsOf} from '@/tests/components/content'
import {PopularQuestions} from './PopularQuestions'

/**
 * The booking sidebar's Popular Questions: the form's four questions from the content, in
 * order; each opens its answer, one open at a time; clicking the open one closes it.
 * (Moved from booking-{carpet,exterior,commercial}.spec.ts; that each page serves its own form's
 * questions and their FAQPage data is booking-screens.spec.ts's.)
 */

describe.each(['house', 'carpet', 'exterior', 'commercial'] as const)('the %s questions', (form) => {
  it('each opens its answer, one at a time; clicking the open one closes it', () => {
    const questions = questionsOf(form)
    expect(questions).toHaveLength(4)
    render(<PopularQuestions questions={questions} />)
    const box = screen.getByRole('region', {name: 'Popular Questions'})
    const triggers = within(box).getAllByRole('button')
    expect(triggers.map((trigger) => trigger.textContent)).toEqual(questions.map((item) => item.question))
    const expanded = () => triggers.filter((trigger) => trigger.getAttribute('aria-expanded') === 'true')
    expect(expanded()).toHaveLength(0)
    for (const [index, item] of questions.entries()) {
      fireEvent.click(triggers[index])
      expect(expanded()).toEqual([triggers[index]])
      const panel = within(box).getByRole('region', {name: item.question})
      for (const line of item.answer) expect(panel.textContent).toContain(line)
    }
    fireEvent.click(triggers[questions.length - 1])
    expect(expanded()).toHaveLength(0)
  })
})

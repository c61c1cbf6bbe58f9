import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import type {BookingFormTexts} from '@/lib/content'
import type {BookingMessages} from '@/lib/booking/message-keys'

/**
 * The local dataset's content as the booking screens get it, for component tests (no content API:
 * it needs Next's request scope). Same merge as lib/content's getBookingFormTexts: the Booking forms
 * document's texts, the booking page's own form texts over them, and their messages merged.
 */
type Doc = {_id: string; _type: string; [key: string]: unknown}

let documents: Doc[] | null = null
function readDocuments(): Doc[] {
  documents ??= readFileSync(join(process.cwd(), 'studio/dataset/production.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Doc)
  return documents
}

function byId(id: string): Doc {
  const doc = readDocuments().find((candidate) => candidate._id === id)
  if (!doc) throw new Error(`No document ${id} in the local dataset`)
  return doc
}

type Form = 'house' | 'carpet' | 'exterior' | 'commercial'

export function bookingFormTexts<F extends Form>(form: F): BookingFormTexts<F> {
  const shared = byId('bookingForms') as Doc & {messages: Record<string, string>}
  const own = (byId(`bookingPage-${form}`).formTexts ?? {}) as {messages?: Record<string, string>}
  return {...shared, ...own, messages: {...shared.messages, ...own.messages} as BookingMessages} as unknown as BookingFormTexts<F>
}

export type ReviewDoc = {_id: string; form: string; text: string; author: string; stars: number; orderRank: string}

/** The review samples of one booking form, in the editors' order (as the sidebar query sorts them). */
export function reviewsOf(form: Form): ReviewDoc[] {
  return readDocuments()
    .filter((doc) => doc._type === 'reviewSample' && doc.form === form)
    .map((doc) => doc as unknown as ReviewDoc)
    .sort((a, b) => (a.orderRank < b.orderRank ? -1 : a.orderRank > b.orderRank ? 1 : 0))
}

export type QuestionDoc = {_id: string; form: string; question: string; answer: string[]; orderRank: string}

/** The popular questions of one booking form, in the editors' order. */
export function questionsOf(form: Form): QuestionDoc[] {
  return readDocuments()
    .filter((doc) => doc._type === 'popularQuestion' && doc.form === form)
    .map((doc) => doc as unknown as QuestionDoc)
    .sort((a, b) => (a.orderRank < b.orderRank ? -1 : a.orderRank > b.orderRank ? 1 : 0))
}

import type {OutboxMessage} from '../outbox'
import type {QueuedEmail} from '../queue'

/**
 * The outbox row a worker holds for one queued e-mail, as the composer is given it: the e-mail's
 * template, addresses and facts, its first attempt, claimed with one fixed lock token.
 */
export function claimedMessage(queued: QueuedEmail, row: {id: string; eventKey: string; createdAt: string}): OutboxMessage {
  return {
    ...row,
    template: queued.template,
    to: queued.to,
    replyTo: queued.replyTo,
    payload: queued.payload,
    attempts: 1,
    lockToken: '11111111-2222-4333-8444-555555555555',
  }
}

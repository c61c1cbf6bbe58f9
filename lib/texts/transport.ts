/**
 * How a text leaves the server. Two adapters, chosen by the environment (./server.ts): Twilio
 * (./twilio-transport.ts) and, with Twilio not configured, a local folder of JSON files
 * (./folder-transport.ts) a developer can read.
 */

export interface OutgoingText {
  /** E.164. */
  to: string
  body: string
  /** The outbox's event key: names the file of the folder transport. */
  reference: string
}

export type TextSendResult = {providerMessageId: string; status: string}

/**
 * The provider refused the text for good: `optedOut` when the number replied STOP to the sender
 * (Twilio's error 21610), else another refusal that a retry would not change (an invalid number).
 */
export class TextRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly optedOut: boolean,
  ) {
    super(message)
    this.name = 'TextRefusedError'
  }
}

export interface TextTransport {
  /** For the start-up log ('Twilio from +1425…', 'texts folder /…/.data/texts'). */
  readonly description: string
  /** Resolves once the provider accepted the text (or it was written to the folder). */
  send(text: OutgoingText): Promise<TextSendResult>
}

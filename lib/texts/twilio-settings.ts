/**
 * Twilio's settings from the environment, without the SDK (./twilio-transport.ts loads it when the
 * first text is sent or the first webhook checked, not at server start-up).
 */

export interface TwilioSettings {
  accountSid: string
  authToken: string
  /** One of the two: a Twilio number (E.164) or a messaging service (MG…). */
  from: string | null
  messagingServiceSid: string | null
  /** Where Twilio posts delivery statuses (SITE_URL + /api/texts/status), or null for none. */
  statusCallback: string | null
  /**
   * Another API origin than https://api.twilio.com (tests: a local stand-in), through the SDK's
   * custom HTTP client: the SDK builds every request as for Twilio and the client sends it there.
   */
  apiBaseUrl?: string
}

/** Twilio settings from the environment, or null when Twilio is not configured (texts go to the folder). */
export function twilioSettingsFromEnv(env: Record<string, string | undefined>, statusCallback: string | null): TwilioSettings | null {
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim()
  const authToken = env.TWILIO_AUTH_TOKEN?.trim()
  const from = env.TWILIO_FROM?.trim() || null
  const messagingServiceSid = env.TWILIO_MESSAGING_SERVICE_SID?.trim() || null
  if (!accountSid || !authToken || (!from && !messagingServiceSid)) return null
  return {accountSid, authToken, from, messagingServiceSid, statusCallback, apiBaseUrl: env.TWILIO_API_BASE_URL?.trim() || undefined}
}

/** For the start-up log. */
export function twilioDescription(settings: TwilioSettings): string {
  return `Twilio ${settings.messagingServiceSid ? `messaging service ${settings.messagingServiceSid}` : `from ${settings.from}`}`
}

import {answerCrewCalendar} from '@/lib/office/calendars/rules'
import {crewCalendarFeedDeps} from '@/lib/office/calendars/server'

/** A crew's calendar feed (lib/office/calendars/rules.ts): the token in the address is the key, no session. */
export async function GET(request: Request, {params}: {params: Promise<{token: string}>}) {
  const {token} = await params
  return answerCrewCalendar(request, token, crewCalendarFeedDeps())
}

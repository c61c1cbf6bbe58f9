import {clearCookie, cookieValue, SESSION_COOKIE} from '@/lib/office/access/cookies'
import {officeRoute, seeOther} from '@/lib/office/access/routes'
import {secureCookies, signInDeps} from '@/lib/office/access/server'
import {endSession} from '@/lib/office/access/sign-in'

/** Sign out: the session's row is revoked (its cookie is refused from now on, wherever it is shown). */
export const POST = officeRoute({role: 'crew'}, async (request) => {
  await endSession(await signInDeps(request.headers), cookieValue(request.headers.get('cookie'), SESSION_COOKIE))
  return seeOther('/office/sign-in?status=signed_out', [clearCookie(SESSION_COOKIE, {secure: secureCookies()})])
})

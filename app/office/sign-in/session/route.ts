import {clearCookie, cookieValue, SESSION_COOKIE, setCookie, SIGN_IN_BINDING_COOKIE} from '@/lib/office/access/cookies'
import {formField, readOfficeForm} from '@/lib/office/shared/form'
import {officeReturnPath} from '@/lib/office/access/paths'
import {publicOfficeRoute, seeOther, unreadableForm} from '@/lib/office/access/routes'
import {secureCookies, signInDeps} from '@/lib/office/access/server'
import {SESSION_POLICY, signInWithLink} from '@/lib/office/access/sign-in'

/** The sign-in link's button: uses the link (once, in the browser that asked for it) and opens a session. */
export const POST = publicOfficeRoute(async (request) => {
  const form = await readOfficeForm(request)
  if (!form) return unreadableForm()
  const next = officeReturnPath(formField(form, 'next'))
  const result = await signInWithLink(await signInDeps(request.headers), {
    token: formField(form, 'token'),
    bindingToken: cookieValue(request.headers.get('cookie'), SIGN_IN_BINDING_COOKIE),
  })
  if (result.outcome === 'refused') {
    const query = new URLSearchParams({refused: result.reason, ...(next === '/office' ? {} : {next})})
    return seeOther(`/office/sign-in/verify?${query}`)
  }
  const secure = secureCookies()
  return seeOther(next, [
    setCookie(SESSION_COOKIE, result.sessionToken, {maxAgeSeconds: SESSION_POLICY.absoluteSeconds, secure}),
    // Used: an earlier link asked for in this browser no longer works either.
    clearCookie(SIGN_IN_BINDING_COOKIE, {secure}),
  ])
})

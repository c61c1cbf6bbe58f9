import {setCookie, SIGN_IN_BINDING_COOKIE} from '@/lib/office/access/cookies'
import {formField, readOfficeForm} from '@/lib/office/shared/form'
import {signInPathFor} from '@/lib/office/access/paths'
import {publicOfficeRoute, seeOther, unreadableForm} from '@/lib/office/access/routes'
import {clientAddress, secureCookies, signInDeps} from '@/lib/office/access/server'
import {requestSignInLink, SIGN_IN_LINK_MINUTES} from '@/lib/office/access/sign-in'

/** The sign-in form: a link by e-mail (when the address is staff's) and a new binding cookie for this browser. */
export const POST = publicOfficeRoute(async (request) => {
  const form = await readOfficeForm(request)
  if (!form) return unreadableForm()
  const email = formField(form, 'email').slice(0, 254)
  const next = formField(form, 'next')
  let outcome
  try {
    outcome = await requestSignInLink(await signInDeps(request.headers), {
      email,
      next,
      clientAddress: clientAddress(request.headers),
    })
  } catch (error) {
    console.error('Office: a sign-in link could not be asked for', error)
    return seeOther(signInPathFor(next, {problem: 'unavailable', email}))
  }
  switch (outcome.outcome) {
    case 'invalid_email':
      return seeOther(signInPathFor(next, {problem: 'email', email}))
    case 'throttled':
      return seeOther(signInPathFor(next, {problem: 'throttled', retry: String(outcome.retryAfterSeconds), email}))
    case 'sent':
      return seeOther(signInPathFor(next, {sent: '1', email: outcome.email}), [
        setCookie(SIGN_IN_BINDING_COOKIE, outcome.bindingToken, {maxAgeSeconds: SIGN_IN_LINK_MINUTES * 60, secure: secureCookies()}),
      ])
  }
})

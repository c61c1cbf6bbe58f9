'use client'

import {zodResolver} from '@hookform/resolvers/zod'
import {useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent, type RefObject} from 'react'
import {useForm, useWatch, type DefaultValues, type Path, type Resolver, type UseFormReturn} from 'react-hook-form'
import {errorPaths, focusFirstInvalid, newIdempotencyKey, type FormProps} from '@/components/forms/form-helpers'
import {LEAD_ENDPOINTS, leadAnswerFromResponse, type LeadAnswer} from '@/lib/leads/answers'
import {createLeadSchemas, HONEYPOT_FIELD, isLeadMessageKey, isPhoneTypedInvalid, leadSchemaFor, type Lead, type LeadInput, type LeadKind, type LeadMessages} from '@/lib/leads/schemas'

/**
 * The texts a lead form shows: its field messages (pages send only the form's own, see
 * leadFormMessages in lib/leads), and the form-level ones.
 */
export type LeadFormMessages = Partial<LeadMessages> & {submitted: string; failed: string; rateLimited: string; spam: string}

/** When the phone number is checked: as it is typed (home and quote forms), when leaving it (contact page), or on submit. */
export type PhoneCheck = 'change' | 'blur' | 'submit'

export type LeadFormStatus = {kind: 'success' | 'error'; text: string} | null

export type LeadForm<K extends LeadKind> = {
  form: UseFormReturn<LeadInput[K], unknown, Lead[K]>
  formProps: FormProps
  /** The hidden honeypot input's ref (see HoneypotField). */
  honeypotRef: RefObject<HTMLInputElement | null>
  /** From a valid submission until the server answers. */
  busy: boolean
  /** True while the phone number's "not 10 digits" message shows: the submit button is disabled. */
  phoneBlocked: boolean
  /** Handlers for the phone field: checked as the form's PhoneCheck says. */
  phoneEvents: {onChange: () => void; onBlur: () => void}
  /** The last submission's outcome, for the form's live region. */
  status: LeadFormStatus
  statusRef: RefObject<HTMLDivElement | null>
}

const noSubscription = () => () => {}

/**
 * A lead form (quote request, contact message, appointment request): react-hook-form validated by
 * the same zod schema the server uses, with the content's texts for every message; one submission
 * key per submission (kept across retries of the same details, so a retry after a lost answer is
 * stored once); success only once the server has stored it, then the form resets; any failure keeps
 * what was typed and says so in the page.
 */
export function useLeadForm<K extends LeadKind>(
  kind: K,
  options: {
    messages: LeadFormMessages
    defaultValues: DefaultValues<LeadInput[K]>
    /** The phone field's name ('phone') and when it is checked. */
    phone: {name: Path<LeadInput[K]>; check: PhoneCheck}
    /** The page the form is on, recorded with the submission. */
    page: {path: string; title?: string | null}
    /** Called once a submission is stored (the appointment form opens its toast instead of the message). */
    onStored?: () => void
  },
): LeadForm<K> {
  const {messages, phone, page, onStored} = options
  // Every message this form's schema gives is here (lib/leads/form-messages.test.ts); the other
  // forms' schemas, built alongside and never used, lack theirs.
  const schema = useMemo(() => leadSchemaFor(kind, createLeadSchemas(messages as LeadMessages)), [kind, messages])
  // The first render's defaults: what the form resets to after a stored submission.
  const [defaults] = useState(options.defaultValues)
  const form = useForm<LeadInput[K], unknown, Lead[K]>({
    resolver: zodResolver(schema as never) as unknown as Resolver<LeadInput[K], unknown, Lead[K]>,
    defaultValues: defaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  })
  const {handleSubmit, setError, setValue, trigger, clearErrors, reset, getValues, control} = form
  const formRef = useRef<HTMLFormElement | null>(null)
  const honeypotRef = useRef<HTMLInputElement | null>(null)
  const statusRef = useRef<HTMLDivElement | null>(null)
  const keyRef = useRef<string | null>(null)
  const sentDetails = useRef<string | null>(null)
  const inFlight = useRef(false)
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<LeadFormStatus>(null)
  const [focusRequest, setFocusRequest] = useState<{paths: string[]} | {status: true} | null>(null)

  useEffect(() => {
    if (!focusRequest) return
    if ('status' in focusRequest) statusRef.current?.focus({preventScroll: false})
    else focusFirstInvalid(formRef.current, focusRequest.paths)
  }, [focusRequest])

  const phoneValue = useWatch({control, name: phone.name})
  const phoneError = form.formState.errors[phone.name as keyof typeof form.formState.errors] as {message?: string} | undefined
  const phoneBlocked = phone.check !== 'submit' && phoneError?.message === messages.phoneInvalid && isPhoneTypedInvalid(phoneValue)

  const checkPhone = useCallback(() => {
    if (isPhoneTypedInvalid(getValues(phone.name))) void trigger(phone.name)
    else clearErrors(phone.name)
  }, [getValues, trigger, clearErrors, phone.name])

  // The form's HTML takes input before its code has loaded (deferredLeadForm.tsx): as it comes alive,
  // what was typed, ticked or chosen becomes the form's values (before anything renders again, so
  // React never writes the empty defaults over it), and the phone number is checked as typing or
  // leaving it would have (once the fields listen for its message).
  const typedBeforeLive = useRef(false)
  useLayoutEffect(() => {
    const element = formRef.current
    if (!element) return
    for (const control of Array.from(element.elements)) {
      if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement)) continue
      if (!control.name || control.name === HONEYPOT_FIELD) continue
      const name = control.name as Path<LeadInput[K]>
      const checkable = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
      if (checkable && control.type === 'radio' && !control.checked) continue
      const value = checkable && control.type === 'checkbox' ? control.checked : control.value
      if (value === getValues(name)) continue
      setValue(name, value as never, {shouldDirty: true})
      typedBeforeLive.current = true
    }
  }, [getValues, setValue])
  useEffect(() => {
    if (!typedBeforeLive.current || !isPhoneTypedInvalid(getValues(phone.name))) return
    typedBeforeLive.current = false
    const left = formRef.current?.elements.namedItem(phone.name) !== document.activeElement
    if (phone.check === 'change' || (phone.check === 'blur' && left)) checkPhone()
  }, [getValues, checkPhone, phone.check, phone.name])

  const phoneEvents = useMemo(
    () => ({
      onChange: () => {
        // Once its message shows, the number is checked again as it changes, so the message goes
        // as soon as the number is right.
        if (phone.check === 'change' || form.getFieldState(phone.name).error) checkPhone()
      },
      onBlur: () => {
        if (phone.check === 'blur') checkPhone()
      },
    }),
    [phone.check, phone.name, form, checkPhone],
  )

  const fail = useCallback(
    (answer: Exclude<LeadAnswer, {ok: true}> | {ok: false; kind: 'network'}) => {
      inFlight.current = false
      setBusy(false)
      if (answer.kind === 'validation') {
        const placed: string[] = []
        let unplaced = false
        for (const [path, key] of Object.entries(answer.fieldErrors)) {
          const text = (isLeadMessageKey(key) && messages[key]) || messages.failed
          if (path !== '' && formRef.current?.querySelector(`[name="${CSS.escape(path)}"]`)) {
            setError(path as Path<LeadInput[K]>, {type: 'server', message: text})
            placed.push(path)
          } else unplaced = true
        }
        if (unplaced || placed.length === 0) setStatus({kind: 'error', text: messages.failed})
        if (placed.length > 0) setFocusRequest({paths: placed})
        return
      }
      // Its key was stored with other details (409): sending again is a new submission, with a new key.
      if (answer.kind === 'conflict') {
        keyRef.current = null
        sentDetails.current = null
      }
      const text = answer.kind === 'spam' ? messages.spam : answer.kind === 'rate-limited' ? messages.rateLimited : messages.failed
      setStatus({kind: 'error', text})
    },
    [messages, setError],
  )

  const send = useCallback(async () => {
    setBusy(true)
    const values = getValues()
    const details = JSON.stringify({...values, submissionKey: undefined})
    // The same details again keep their key (the server stores them once); changed details are a
    // new submission.
    if (sentDetails.current !== null && sentDetails.current !== details) keyRef.current = newIdempotencyKey()
    sentDetails.current = details
    const body = {...values, submissionKey: keyRef.current, [HONEYPOT_FIELD]: honeypotRef.current?.value ?? ''}
    let answer: LeadAnswer
    try {
      const response = await fetch(LEAD_ENDPOINTS[kind], {
        method: 'POST',
        headers: {'Content-Type': 'application/json', Accept: 'application/json'},
        body: JSON.stringify(body),
        credentials: 'same-origin',
      })
      answer = leadAnswerFromResponse(response.status, await response.json().catch(() => null))
    } catch {
      fail({ok: false, kind: 'network'})
      return
    }
    if (!answer.ok) {
      fail(answer)
      return
    }
    inFlight.current = false
    setBusy(false)
    keyRef.current = null
    sentDetails.current = null
    reset(defaults)
    if (onStored) onStored()
    else {
      setStatus({kind: 'success', text: messages.submitted})
      setFocusRequest({status: true})
    }
  }, [getValues, kind, fail, reset, defaults, messages.submitted, onStored])

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (inFlight.current || phoneBlocked) return
      inFlight.current = true
      setStatus(null)
      // What the visitor does not type: the submission's key and the page, validated with the rest.
      keyRef.current ??= newIdempotencyKey()
      setValue('submissionKey' as Path<LeadInput[K]>, keyRef.current as never)
      setValue('page' as Path<LeadInput[K]>, page as never)
      void handleSubmit(send, (errors) => {
        inFlight.current = false
        const paths = errorPaths(errors as never)
        // A problem with no field to show it beside (an out-of-date page) still says something.
        if (paths.some((path) => !formRef.current?.querySelector(`[name="${CSS.escape(path)}"]`))) setStatus({kind: 'error', text: messages.failed})
        setFocusRequest({paths})
      })(event).catch(() => fail({ok: false, kind: 'network'}))
    },
    [handleSubmit, send, fail, phoneBlocked, setValue, page, messages.failed],
  )

  const interactive = useSyncExternalStore(noSubscription, () => true, () => false)

  return {
    form,
    formProps: {ref: formRef, onSubmit, noValidate: true, method: 'post', 'data-interactive': interactive ? '' : undefined},
    honeypotRef,
    busy,
    phoneBlocked,
    phoneEvents,
    status,
    statusRef,
  }
}

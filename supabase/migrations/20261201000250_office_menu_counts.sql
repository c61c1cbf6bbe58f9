-- The office menu's counts, and the leads inbox by the day a lead came in and by where the customer
-- heard of us.

-- A customer's cancellation request waits in Needs attention until the office cancels the booking,
-- and alerts staff as it comes: the few bookings with one are found without reading every booking.
create index bookings_cancellation_requested_at_idx on public.bookings (cancellation_requested_at)
  where cancellation_requested_at is not null;

-- How many items wait on the menu, in one query: {"attention": n, "new_leads": n}.
-- "attention" is what the Needs attention page lists, by the same rules as its lists: late payments
-- nobody has taken or refunded (open_late_payments), paid bookings whose customer asked to cancel and
-- that are not cancelled yet (open_cancellation_requests), e-mails the outbox gave up on
-- (failed_emails) and disputes the provider has not closed (open_payment_disputes); the page shows at
-- most 200 failed e-mails and 200 disputes, and so does the count. "new_leads" is what the leads inbox
-- lists as new: quote requests, contact messages and estimate requests with no status yet or "new"
-- (spam and every answered lead are not new). p_now is the office's clock (the browser tests'
-- when set); no count depends on it today.
create or replace function public.office_menu_counts(p_now timestamptz)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'attention',
      (select count(*) from public.late_payments l join public.bookings b on b.id = l.booking_id where l.resolution is null)
      + (select count(*) from public.bookings b
          where b.cancellation_requested_at is not null and b.cancelled_at is null and b.payment_status = 'paid')
      + (select count(*) from (select 1 from public.email_outbox o where o.status = 'failed' limit 200) as failed)
      + (select count(*) from (select 1 from public.payment_disputes d where d.status not in ('won', 'lost', 'warning_closed') limit 200) as disputes),
    'new_leads',
      (select count(*) from (
          select 'quote_request'::text as kind, q.id from public.quote_requests q
          union all
          select 'contact_message', c.id from public.contact_messages c
          union all
          select 'estimate_request', a.id from public.appointments a
        ) s
        where not exists (
          select 1 from public.lead_tracking t where t.lead_kind = s.kind and t.lead_id = s.id and t.status <> 'new'
        ))
  );
$$;

-- The inbox: every submission of the three forms with its status and assignee, newest first (or
-- oldest with "order": "oldest"), filtered by p_filter's "status", "kind", "assignee" (a staff id,
-- or "nobody", which includes the leads of removed members), "search" (part of the name or e-mail,
-- or of the phone's digits), "from" and "to" (the day it came in, 'YYYY-MM-DD' in the company's time
-- zone, America/Los_Angeles, both inclusive) and "heard" (the quote form's "how did you hear about
-- us" answer, any case: only quote requests have one), one page at a time; `total` is the number of
-- leads the filter finds.
create or replace function public.office_leads(p_filter jsonb, p_limit integer, p_offset integer)
returns table (
  kind text,
  id uuid,
  name text,
  email text,
  phone text,
  summary text,
  received_at timestamptz,
  status text,
  assignee_id uuid,
  assignee_name text,
  assignee_removed boolean,
  total integer
)
language sql
stable
set search_path = ''
as $$
  with submissions as (
    select 'quote_request'::text as kind, q.id, q.first_name || ' ' || q.last_name as name, q.email, q.phone,
      concat_ws(' · ', nullif(q.page_title, ''), nullif(q.desired_services, ''), 'ZIP ' || q.zip_code) as summary,
      q.created_at, q.heard_about_us as heard
    from public.quote_requests q
    union all
    select 'contact_message', c.id, c.name, c.email, c.phone, c.message, c.created_at, null
    from public.contact_messages c
    union all
    -- Estimate requests, and the few of the earlier appointment form (no e-mail, patient fields).
    select 'estimate_request', a.id, coalesce(a.full_name, a.patient_name), a.email, coalesce(a.phone, a.patient_phone),
      coalesce(concat_ws(' · ', a.service, a.visit_date::text || ' ' || a.visit_window, nullif(a.notes, '')), a.appointment_local),
      a.created_at, null
    from public.appointments a
  ),
  search as (
    select nullif(lower(btrim(coalesce(p_filter ->> 'search', ''))), '') as text,
      nullif(regexp_replace(coalesce(p_filter ->> 'search', ''), '[^0-9]', '', 'g'), '') as digits,
      -- The company's days as moments: from the start of "from" to the start of the day after "to".
      ((p_filter ->> 'from')::date::timestamp at time zone 'America/Los_Angeles') as starts,
      (((p_filter ->> 'to')::date + 1)::timestamp at time zone 'America/Los_Angeles') as ends,
      nullif(lower(btrim(coalesce(p_filter ->> 'heard', ''))), '') as heard
  ),
  found as (
    select s.kind, s.id, s.name, s.email, s.phone, left(s.summary, 200) as summary, s.created_at as received_at,
      coalesce(t.status, 'new') as status, t.assignee_id, st.name as assignee_name, st.removed_at is not null as assignee_removed
    from submissions s
    left join public.lead_tracking t on t.lead_kind = s.kind and t.lead_id = s.id
    left join public.staff st on st.id = t.assignee_id
    cross join search
    where (p_filter ->> 'status' is null or coalesce(t.status, 'new') = p_filter ->> 'status')
      and (p_filter ->> 'kind' is null or s.kind = p_filter ->> 'kind')
      and (
        p_filter ->> 'assignee' is null
        -- A removed member's leads are nobody's now: someone has to pick them up.
        or (p_filter ->> 'assignee' = 'nobody' and (t.assignee_id is null or st.removed_at is not null))
        or (p_filter ->> 'assignee' <> 'nobody' and t.assignee_id::text = p_filter ->> 'assignee')
      )
      and (
        search.text is null
        or position(search.text in lower(s.name)) > 0
        or position(search.text in lower(coalesce(s.email, ''))) > 0
        or (length(search.digits) >= 3 and position(search.digits in coalesce(s.phone, '')) > 0)
      )
      and (search.starts is null or s.created_at >= search.starts)
      and (search.ends is null or s.created_at < search.ends)
      and (search.heard is null or lower(btrim(s.heard)) = search.heard)
  )
  select f.kind, f.id, f.name, f.email, f.phone, f.summary, f.received_at, f.status, f.assignee_id, f.assignee_name,
    f.assignee_removed, (count(*) over ())::integer as total
  from found f
  order by
    case when p_filter ->> 'order' = 'oldest' then f.received_at end asc,
    f.received_at desc,
    f.id
  limit greatest(p_limit, 0) offset greatest(p_offset, 0);
$$;

-- The answers quote requests gave to "how did you hear about us", each once (any case, spaces around
-- it ignored; of two spellings the one with more capitals, "Google" before "google"), A to Z: the
-- inbox offers them as its filter.
-- The choices are the Studio's and change over time, so the stored answers, not today's choices, are
-- what a lead can be found by.
create or replace function public.office_lead_heard_answers()
returns table (answer text)
language sql
stable
set search_path = ''
as $$
  select min(btrim(q.heard_about_us) collate "C") as answer
  from public.quote_requests q
  where q.heard_about_us is not null and btrim(q.heard_about_us) <> ''
  group by lower(btrim(q.heard_about_us))
  order by lower(btrim(q.heard_about_us)), 1;
$$;

-- Only the app's server (the service role) calls them.
revoke all on function
  public.office_menu_counts(timestamptz),
  public.office_leads(jsonb,integer,integer),
  public.office_lead_heard_answers()
  from public, anon, authenticated;

grant execute on function
  public.office_menu_counts(timestamptz),
  public.office_leads(jsonb,integer,integer),
  public.office_lead_heard_answers()
  to service_role;

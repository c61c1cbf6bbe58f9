-- The office's record per customer (/office/customers): one customer per e-mail address, trimmed
-- and in lower case (the "e-mail key"), whatever case or spaces each form stored. A customer is what
-- every booking, plan, quote request, contact message and estimate request sent under that address
-- says, with the office's notes on them. Like every table here: RLS on, no policy, nothing for anon
-- and authenticated; the app's server calls the functions below as the service role.

-- A customer's rows are found by their e-mail key in each table that stores one.
create index bookings_email_key_idx on public.bookings (lower(btrim(email)));

create index booking_plans_email_key_idx on public.booking_plans (lower(btrim(email)));

create index quote_requests_email_key_idx on public.quote_requests (lower(btrim(email)));

create index contact_messages_email_key_idx on public.contact_messages (lower(btrim(email)));

-- Estimate requests of the earlier appointment form have no e-mail: they belong to no customer.
create index appointments_email_key_idx on public.appointments (lower(btrim(email))) where email is not null;

-- Internal notes on a customer: for staff only, never shown to or sent to the customer.
create table public.customer_notes (
  id uuid primary key default gen_random_uuid(),
  email_key text not null check (email_key = lower(btrim(email_key)) and length(email_key) between 3 and 254),
  staff_id uuid references public.staff (id),
  staff_name text not null,
  body text not null check (length(btrim(body)) between 1 and 4000),
  at timestamptz not null
);

create index customer_notes_email_key on public.customer_notes (email_key, at);

alter table public.customer_notes enable row level security;

revoke all on table public.customer_notes from public, anon, authenticated;

grant select, insert on table public.customer_notes to service_role;

-- A customer is a subject of the audit log too (its id: the e-mail key). The check is dropped and
-- made again with every kind it allowed before.
alter table public.staff_actions drop constraint staff_actions_subject_kind_check;

alter table public.staff_actions add constraint staff_actions_subject_kind_check
  check (subject_kind in ('booking', 'lead', 'staff', 'crew_calendar', 'plan', 'customer'));

-- A phone number as the text provider and public.sms_opt_outs write it (E.164), or null: the forms
-- store a US number as its 10 digits, some as typed ('(425) 555-0142').
create function public.customer_phone_e164(p_phone text) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when d ~ '^[2-9][0-9]{9}$' then '+1' || d
    when d ~ '^1[2-9][0-9]{9}$' then '+' || d
  end
  from (select regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g') as d) as digits;
$$;

-- Every row that names a customer, with what it says about them: its kind, id, name, e-mail key,
-- phone, address (a quote request gives only its ZIP), when it was made, and whether it is a booking
-- paid or planned (a plan's visit to come).
create function public.customer_contacts() returns table (
  kind text, id uuid, email_key text, name text, phone text, address text, at timestamptz, booked boolean
)
language sql
stable
set search_path = ''
as $$
  select 'booking', b.id, lower(btrim(b.email)), b.first_name || ' ' || b.last_name, b.phone, b.address, b.created_at,
    b.payment_status in ('paid', 'scheduled')
  from public.bookings b
  union all
  select 'plan', p.id, lower(btrim(p.email)), p.first_name || ' ' || p.last_name, p.phone, null, p.created_at, false
  from public.booking_plans p
  union all
  select 'quote_request', q.id, lower(btrim(q.email)), q.first_name || ' ' || q.last_name, q.phone, q.zip_code, q.created_at, false
  from public.quote_requests q
  union all
  select 'contact_message', c.id, lower(btrim(c.email)), c.name, c.phone, null, c.created_at, false
  from public.contact_messages c
  union all
  select 'estimate_request', a.id, lower(btrim(a.email)), a.full_name, a.phone, concat_ws(' ', a.address, a.zip_code), a.created_at, false
  from public.appointments a
  where a.email is not null;
$$;

-- The same rows of one customer (p_email_key: an e-mail key), each table read by its index.
create function public.customer_contacts_of(p_email_key text) returns table (
  kind text, id uuid, email_key text, name text, phone text, address text, at timestamptz, booked boolean
)
language sql
stable
set search_path = ''
as $$
  select 'booking', b.id, p_email_key, b.first_name || ' ' || b.last_name, b.phone, b.address, b.created_at,
    b.payment_status in ('paid', 'scheduled')
  from public.bookings b where lower(btrim(b.email)) = p_email_key
  union all
  select 'plan', p.id, p_email_key, p.first_name || ' ' || p.last_name, p.phone, null, p.created_at, false
  from public.booking_plans p where lower(btrim(p.email)) = p_email_key
  union all
  select 'quote_request', q.id, p_email_key, q.first_name || ' ' || q.last_name, q.phone, q.zip_code, q.created_at, false
  from public.quote_requests q where lower(btrim(q.email)) = p_email_key
  union all
  select 'contact_message', c.id, p_email_key, c.name, c.phone, null, c.created_at, false
  from public.contact_messages c where lower(btrim(c.email)) = p_email_key
  union all
  select 'estimate_request', a.id, p_email_key, a.full_name, a.phone, concat_ws(' ', a.address, a.zip_code), a.created_at, false
  from public.appointments a where a.email is not null and lower(btrim(a.email)) = p_email_key;
$$;

-- The customers list: one page of the customers (one per e-mail key) with a row matching p_filter,
-- the most recent first. p_filter (built by lib/office/customers/read.ts; both keys optional):
--   "text":   a lower-case LIKE pattern (escaped), found in a name, an e-mail or an address
--   "digits": three digits or more, found in a phone number's digits
-- A customer matches when any of their rows does by either. No filter: every customer. Each has the
-- name and phone of their latest row, how many bookings they paid or have planned, and when they
-- last sent anything. Answers {"total": n, "customers": [{emailKey, name, phone, bookings, lastAt}]}.
create function public.office_customers(p_filter jsonb, p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_text text := p_filter ->> 'text';
  v_digits text := p_filter ->> 'digits';
  v_answer jsonb;
begin
  if p_limit is null or p_limit < 1 or p_limit > 1000 or p_offset is null or p_offset < 0 then
    raise exception 'page out of range' using errcode = '22023';
  end if;
  if v_digits is not null and v_digits !~ '^[0-9]{3,20}$' then
    raise exception 'digits must be 3 to 20 digits' using errcode = '22023';
  end if;
  with contacts as (
    select * from public.customer_contacts()
  ),
  matched as (
    select distinct c.email_key
    from contacts c
    where (v_text is null and v_digits is null)
      or (v_text is not null and (lower(c.name) like v_text escape '\' or c.email_key like v_text escape '\'
        or lower(coalesce(c.address, '')) like v_text escape '\'))
      or (v_digits is not null and regexp_replace(coalesce(c.phone, ''), '[^0-9]', '', 'g') like '%' || v_digits || '%')
  ),
  customers as (
    select c.email_key, (count(*) filter (where c.booked))::bigint as bookings, max(c.at) as last_at
    from contacts c
    join matched m on m.email_key = c.email_key
    group by c.email_key
  ),
  page as (
    select cu.*, count(*) over () as total
    from customers cu
    order by cu.last_at desc, cu.email_key
    limit p_limit offset p_offset
  )
  -- The name and phone of each customer's latest row, read for the page's customers only.
  select jsonb_build_object(
    'total', coalesce((select max(page.total) from page), (select count(*) from matched)),
    'customers', coalesce(jsonb_agg(jsonb_build_object(
      'emailKey', page.email_key, 'name', latest.name, 'phone', latest.phone, 'bookings', page.bookings, 'lastAt', page.last_at
    ) order by page.last_at desc, page.email_key), '[]'::jsonb)
  )
  into v_answer
  from page
  cross join lateral (
    select l.name, l.phone from public.customer_contacts_of(page.email_key) l order by l.at desc, l.id limit 1
  ) as latest;
  return v_answer;
end;
$$;

-- One customer's record (p_email_key: their address, trimmed and lower-cased here too), or null when
-- no row names them. The company's today (for first and last visit) is p_now's date in Renton.
--   bookings:  every booking (a plan's visits too), newest visit first, with its office status
--   plans, leads (quote requests, contact messages, estimate requests, with their status) and the
--   replies the office sent to those leads; notes (oldest first)
--   money: paid (the amount of every booking paid, cancelled later or not), refunded (the refunds
--     that succeeded, from the refund ledger; a refunded late payment never made its booking paid,
--     so it is left out of both) and kept (paid − refunded), in cents
--   visits: the first and last visit day up to today among the bookings that stand (paid or a
--     plan's visit to come, not cancelled)
--   texts: whether they have a booking paid or planned, whether the latest one agreed to texts (its
--     own box or its plan's), and since when any of the customer's numbers replied STOP
create function public.office_customer(p_email_key text, p_now timestamptz)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_key text := lower(btrim(p_email_key));
  v_today date := (p_now at time zone 'America/Los_Angeles')::date;
  v_latest record;
  v_leads jsonb;
begin
  if v_key is null or v_key = '' then
    return null;
  end if;
  select c.name, c.phone, c.kind into v_latest
  from public.customer_contacts_of(v_key) c
  order by c.at desc, c.id
  limit 1;
  if not found then
    return null;
  end if;

  select coalesce(jsonb_agg(l.lead order by l.at desc, l.id), '[]'::jsonb) into v_leads
  from (
    select q.id, q.created_at as at, jsonb_build_object(
      'kind', 'quote_request', 'id', q.id, 'at', q.created_at,
      'summary', concat_ws(' · ', nullif(q.page_title, ''), nullif(q.desired_services, ''), 'ZIP ' || q.zip_code),
      'status', coalesce(t.status, 'new')) as lead
    from public.quote_requests q
    left join public.lead_tracking t on t.lead_kind = 'quote_request' and t.lead_id = q.id
    where lower(btrim(q.email)) = v_key
    union all
    select c.id, c.created_at, jsonb_build_object(
      'kind', 'contact_message', 'id', c.id, 'at', c.created_at, 'summary', left(c.message, 200),
      'status', coalesce(t.status, 'new'))
    from public.contact_messages c
    left join public.lead_tracking t on t.lead_kind = 'contact_message' and t.lead_id = c.id
    where lower(btrim(c.email)) = v_key
    union all
    select a.id, a.created_at, jsonb_build_object(
      'kind', 'estimate_request', 'id', a.id, 'at', a.created_at,
      'summary', concat_ws(' · ', a.service, a.visit_date::text || ' ' || a.visit_window),
      'status', coalesce(t.status, 'new'))
    from public.appointments a
    left join public.lead_tracking t on t.lead_kind = 'estimate_request' and t.lead_id = a.id
    where a.email is not null and lower(btrim(a.email)) = v_key
  ) as l;

  return jsonb_build_object(
    'emailKey', v_key,
    'name', v_latest.name,
    'phone', v_latest.phone,
    'phones', coalesce((
      select jsonb_agg(distinct c.phone) from public.customer_contacts_of(v_key) c where c.phone is not null
    ), '[]'::jsonb),
    'addresses', coalesce((
      select jsonb_agg(distinct b.address) from public.bookings b where lower(btrim(b.email)) = v_key
    ), '[]'::jsonb),
    'bookings', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', b.id,
        'date', b.date::text,
        'arrivalWindow', b.arrival_window,
        'industry', b.industry,
        'service', b.service,
        'planId', b.plan_id,
        'status', public.office_booking_status(b.payment_status, b.hold_expires_at, b.cancellation_requested_at, b.cancelled_at, b.outcome, p_now),
        'amountCents', b.amount_cents,
        'paidCents', case when b.payment_status = 'paid' then b.amount_cents else 0 end,
        'refundedCents', coalesce((
          select sum(r.amount_cents)::bigint from public.booking_refunds r
          where r.booking_id = b.id and r.status = 'succeeded' and r.purpose <> 'late_payment'
        ), 0),
        'createdAt', b.created_at
      ) order by b.date desc nulls last, b.created_at desc, b.id)
      from public.bookings b where lower(btrim(b.email)) = v_key
    ), '[]'::jsonb),
    'plans', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', p.id, 'frequency', p.frequency, 'status', p.status, 'perVisitCents', p.per_visit_cents,
        'createdAt', p.created_at, 'cancelledAt', p.cancelled_at
      ) order by p.created_at desc, p.id)
      from public.booking_plans p where lower(btrim(p.email)) = v_key
    ), '[]'::jsonb),
    'leads', v_leads,
    'replies', coalesce((
      select jsonb_agg(jsonb_build_object(
        'leadKind', l ->> 'kind', 'leadId', l ->> 'id', 'at', a.at, 'staffName', a.staff_name,
        'subject', a.after ->> 'subject', 'message', a.after ->> 'message'
      ) order by a.at desc, a.id)
      from jsonb_array_elements(v_leads) as l
      join public.staff_actions a on a.subject_kind = 'lead' and a.subject_id = l ->> 'id' and a.action = 'reply_sent'
    ), '[]'::jsonb),
    'notes', coalesce((
      select jsonb_agg(jsonb_build_object('id', n.id, 'staffName', n.staff_name, 'at', n.at, 'body', n.body) order by n.at, n.id)
      from public.customer_notes n where n.email_key = v_key
    ), '[]'::jsonb),
    'money', (
      select jsonb_build_object(
        'paidCents', paid.cents,
        'refundedCents', refunded.cents,
        'keptCents', paid.cents - refunded.cents
      )
      from (
        select coalesce(sum(b.amount_cents), 0)::bigint as cents
        from public.bookings b where lower(btrim(b.email)) = v_key and b.payment_status = 'paid'
      ) as paid,
      (
        select coalesce(sum(r.amount_cents), 0)::bigint as cents
        from public.booking_refunds r join public.bookings b on b.id = r.booking_id
        where lower(btrim(b.email)) = v_key and r.status = 'succeeded' and r.purpose <> 'late_payment'
      ) as refunded
    ),
    'visits', (
      select jsonb_build_object('first', min(b.date)::text, 'last', max(b.date)::text, 'count', count(*)::bigint)
      from public.bookings b
      where lower(btrim(b.email)) = v_key and b.cancelled_at is null and b.payment_status in ('paid', 'scheduled')
        and b.date <= v_today
    ),
    'texts', jsonb_build_object(
      'booked', exists (
        select 1 from public.bookings b where lower(btrim(b.email)) = v_key and b.payment_status in ('paid', 'scheduled')
      ),
      'consentAt', (
        select coalesce(b.sms_consent_at, p.sms_consent_at)
        from public.bookings b left join public.booking_plans p on p.id = b.plan_id
        where lower(btrim(b.email)) = v_key and b.payment_status in ('paid', 'scheduled')
        order by b.created_at desc, b.id
        limit 1
      ),
      'optedOutSince', (
        select min(o.since) from public.sms_opt_outs o
        where o.phone in (
          select public.customer_phone_e164(c.phone) from public.customer_contacts_of(v_key) c
        )
      )
    )
  );
end;
$$;

-- Adds an internal note to a customer (p_email_key trimmed and lower-cased here too) with its audit
-- row, in one transaction. Answers {"status": "added", "id"} or {"status": "not_found"} when no row
-- names the customer.
create function public.add_customer_note(p_email_key text, p_body text, p_staff jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_key text := lower(btrim(p_email_key));
  v_note uuid;
begin
  if p_staff ->> 'id' is null or coalesce(btrim(p_staff ->> 'name'), '') = '' then
    raise exception 'A staff action needs the member who did it' using errcode = '22023';
  end if;
  if v_key is null or not exists (select 1 from public.customer_contacts_of(v_key)) then
    return jsonb_build_object('status', 'not_found');
  end if;
  insert into public.customer_notes (email_key, staff_id, staff_name, body, at)
  values (v_key, (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_body, p_now)
  returning id into v_note;
  perform public.record_staff_action((p_staff ->> 'id')::uuid, p_staff ->> 'name', p_now, 'customer', v_key, 'note_added', null,
    jsonb_build_object('noteId', v_note, 'note', p_body));
  return jsonb_build_object('status', 'added', 'id', v_note);
end;
$$;

-- Only the app's server (the service role) calls them.
revoke all on function
  public.customer_phone_e164(text),
  public.customer_contacts(),
  public.customer_contacts_of(text),
  public.office_customers(jsonb,integer,integer),
  public.office_customer(text,timestamptz),
  public.add_customer_note(text,text,jsonb,timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.customer_phone_e164(text),
  public.customer_contacts(),
  public.customer_contacts_of(text),
  public.office_customers(jsonb,integer,integer),
  public.office_customer(text,timestamptz),
  public.add_customer_note(text,text,jsonb,timestamptz)
  to service_role;

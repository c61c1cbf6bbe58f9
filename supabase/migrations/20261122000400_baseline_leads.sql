-- Quote requests, contact messages and appointment requests with the e-mails that tell
-- the business and the customer about them (queued in the e-mail outbox, outboxes baseline).
--
-- Like the bookings: runs unchanged on Supabase, a plain PostgreSQL server and the embedded PGlite;
-- row level security on, no policy, nothing for anon and authenticated; the app's server uses the
-- service role. Every write the app makes here goes through the functions at the end, so that a
-- submission and the e-mails it causes are stored in one transaction (Supabase's Data API runs each
-- function call in one), and the outbox is claimed atomically by any number of server processes.
create table public.quote_requests (
  id uuid primary key,
  -- One per form submission (made by the browser): the same submission twice is stored once.
  submission_key uuid not null unique,
  first_name text not null,
  last_name text not null,
  phone text not null check (phone ~ '^[0-9]{10}$'),
  email text not null,
  zip_code text not null check (zip_code ~ '^[0-9]{5}(-[0-9]{4})?$'),
  square_footage integer check (square_footage > 0),
  desired_services text,
  heard_about_us text,
  -- The terms checkbox: required, so every stored request has accepted them at this time.
  terms_accepted_at timestamptz not null,
  -- The page the request came from ('/roof-cleaning') and its service as the page named it.
  page_path text not null,
  page_title text,
  created_at timestamptz not null default now()
);

create index quote_requests_created_at_idx on public.quote_requests (created_at);

create table public.contact_messages (
  id uuid primary key,
  submission_key uuid not null unique,
  name text not null,
  email text not null,
  phone text not null check (phone ~ '^[0-9]{10}$'),
  message text not null,
  -- '/' (the home page's form) or '/contact'.
  page_path text not null,
  created_at timestamptz not null default now()
);

create index contact_messages_created_at_idx on public.contact_messages (created_at);

-- Requests for a free in-home estimate (/appointment): name, phone, e-mail, service address with
-- ZIP, the service, a preferred day and arrival window of the estimate crew, in person or video
-- walk-through, notes. Rows stored before the form took this shape keep their patient fields: one
-- check keeps every row whole in one shape or the other. submit_appointment (the old shape) stays
-- for a server still running the previous version during a deploy.
create table public.appointments (
  id uuid primary key,
  submission_key uuid not null unique,
  patient_name text check (char_length(patient_name) >= 8),
  patient_phone text check (patient_phone ~ '^[0-9]{10}$'),
  patient_gender text check (patient_gender in ('male', 'female', 'private')),
  -- The moment chosen; appointment_local keeps it as typed, in the company's time zone.
  appointment_time timestamptz,
  appointment_local text,
  preferred_mode text check (preferred_mode in ('voice', 'video')),
  page_path text not null,
  created_at timestamptz not null default now(),
  full_name text,
  phone text check (phone ~ '^[0-9]{10}$'),
  email text,
  address text,
  zip_code text check (zip_code ~ '^[0-9]{5}(-[0-9]{4})?$'),
  service text,
  -- The day and arrival window asked for ('09:00-11:00', Renton time) and when that window starts.
  visit_date date,
  visit_window text check (visit_window ~ '^[0-9]{2}:[0-9]{2}-[0-9]{2}:[0-9]{2}$'),
  visit_starts_at timestamptz,
  walkthrough text check (walkthrough in ('in_person', 'video')),
  notes text,
  constraint appointments_one_whole_shape check (
    (patient_name is not null and patient_phone is not null and patient_gender is not null
      and appointment_time is not null and appointment_local is not null and preferred_mode is not null)
    or
    (full_name is not null and phone is not null and email is not null and address is not null and zip_code is not null
      and service is not null and visit_date is not null and visit_window is not null and walkthrough is not null)
  )
);

create index appointments_created_at_idx on public.appointments (created_at);

alter table public.quote_requests enable row level security;

alter table public.contact_messages enable row level security;

alter table public.appointments enable row level security;

revoke all on table public.quote_requests, public.contact_messages, public.appointments
  from public, anon, authenticated;

grant select, insert on table public.quote_requests, public.contact_messages, public.appointments to service_role;

-- The same submission key with other details is a conflict, not a repeat. Until now the submit
-- functions answered the first submission's id for any second call with its key, so a changed form
-- sent with an old key was told "sent" while its new details were dropped silently. Each function
-- now also answers "conflict": true when the key was stored with other details (every field the
-- visitor sent, not the server's own id and time), and still stores nothing. The app validates and
-- normalises (Unicode NFC, trimmed) every field before the call, so equal details compare equal.
create function public.submit_quote_request(p_request jsonb, p_emails jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  v_same boolean;
begin
  insert into public.quote_requests (
    id, submission_key, first_name, last_name, phone, email, zip_code, square_footage,
    desired_services, heard_about_us, terms_accepted_at, page_path, page_title
  )
  select r.id, r.submission_key, r.first_name, r.last_name, r.phone, r.email, r.zip_code, r.square_footage,
    r.desired_services, r.heard_about_us, r.terms_accepted_at, r.page_path, r.page_title
  from jsonb_populate_record(null::public.quote_requests, p_request) as r
  on conflict (submission_key) do nothing
  returning id into v_id;
  if v_id is null then
    select q.id,
      (q.first_name, q.last_name, q.phone, q.email, q.zip_code, q.square_footage, q.desired_services, q.heard_about_us,
        q.page_path, q.page_title)
      is not distinct from
      (r.first_name, r.last_name, r.phone, r.email, r.zip_code, r.square_footage, r.desired_services, r.heard_about_us,
        r.page_path, r.page_title)
    into v_id, v_same
    from public.quote_requests q, jsonb_populate_record(null::public.quote_requests, p_request) as r
    where q.submission_key = r.submission_key;
    return jsonb_build_object('id', v_id, 'created', false, 'conflict', not coalesce(v_same, false));
  end if;
  perform public.enqueue_event_emails('quote_request:' || v_id, p_emails);
  return jsonb_build_object('id', v_id, 'created', true, 'conflict', false);
end;
$$;

create function public.submit_contact_message(p_message jsonb, p_emails jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  v_same boolean;
begin
  insert into public.contact_messages (id, submission_key, name, email, phone, message, page_path)
  select r.id, r.submission_key, r.name, r.email, r.phone, r.message, r.page_path
  from jsonb_populate_record(null::public.contact_messages, p_message) as r
  on conflict (submission_key) do nothing
  returning id into v_id;
  if v_id is null then
    select c.id, (c.name, c.email, c.phone, c.message, c.page_path) is not distinct from (r.name, r.email, r.phone, r.message, r.page_path)
    into v_id, v_same
    from public.contact_messages c, jsonb_populate_record(null::public.contact_messages, p_message) as r
    where c.submission_key = r.submission_key;
    return jsonb_build_object('id', v_id, 'created', false, 'conflict', not coalesce(v_same, false));
  end if;
  perform public.enqueue_event_emails('contact_message:' || v_id, p_emails);
  return jsonb_build_object('id', v_id, 'created', true, 'conflict', false);
end;
$$;

create function public.submit_appointment(p_appointment jsonb, p_emails jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  v_same boolean;
begin
  insert into public.appointments (
    id, submission_key, patient_name, patient_phone, patient_gender, appointment_time, appointment_local,
    preferred_mode, page_path
  )
  select r.id, r.submission_key, r.patient_name, r.patient_phone, r.patient_gender, r.appointment_time,
    r.appointment_local, r.preferred_mode, r.page_path
  from jsonb_populate_record(null::public.appointments, p_appointment) as r
  on conflict (submission_key) do nothing
  returning id into v_id;
  if v_id is null then
    select a.id,
      (a.patient_name, a.patient_phone, a.patient_gender, a.appointment_time, a.appointment_local, a.preferred_mode, a.page_path)
      is not distinct from
      (r.patient_name, r.patient_phone, r.patient_gender, r.appointment_time, r.appointment_local, r.preferred_mode, r.page_path)
    into v_id, v_same
    from public.appointments a, jsonb_populate_record(null::public.appointments, p_appointment) as r
    where a.submission_key = r.submission_key;
    return jsonb_build_object('id', v_id, 'created', false, 'conflict', not coalesce(v_same, false));
  end if;
  perform public.enqueue_event_emails('appointment:' || v_id, p_emails);
  return jsonb_build_object('id', v_id, 'created', true, 'conflict', false);
end;
$$;

-- Stores one estimate request with its e-mails, as the other submit functions: the same submission
-- key again stores nothing, and answers "conflict" when the details differ.
create function public.submit_estimate_request(p_request jsonb, p_emails jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid;
  v_same boolean;
begin
  insert into public.appointments (
    id, submission_key, full_name, phone, email, address, zip_code, service, visit_date, visit_window,
    visit_starts_at, walkthrough, notes, page_path
  )
  select r.id, r.submission_key, r.full_name, r.phone, r.email, r.address, r.zip_code, r.service, r.visit_date,
    r.visit_window, r.visit_starts_at, r.walkthrough, r.notes, r.page_path
  from jsonb_populate_record(null::public.appointments, p_request) as r
  on conflict (submission_key) do nothing
  returning id into v_id;
  if v_id is null then
    select a.id,
      (a.full_name, a.phone, a.email, a.address, a.zip_code, a.service, a.visit_date, a.visit_window, a.walkthrough,
        a.notes, a.page_path)
      is not distinct from
      (r.full_name, r.phone, r.email, r.address, r.zip_code, r.service, r.visit_date, r.visit_window, r.walkthrough,
        r.notes, r.page_path)
    into v_id, v_same
    from public.appointments a, jsonb_populate_record(null::public.appointments, p_request) as r
    where a.submission_key = r.submission_key;
    return jsonb_build_object('id', v_id, 'created', false, 'conflict', not coalesce(v_same, false));
  end if;
  perform public.enqueue_event_emails('estimate_request:' || v_id, p_emails);
  return jsonb_build_object('id', v_id, 'created', true, 'conflict', false);
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- The office's leads: quote requests, contact messages and in-home estimate requests in
-- one inbox, each with a status, an assignee, internal notes and replies sent from the office.
--
-- The submissions keep their own tables and rows untouched: what the office adds lives beside them,
-- keyed by (kind, id). A lead without a row in lead_tracking is "new" and assigned to nobody, so
-- a submission the office has not touched reads as new. Like every table here: row level
-- security on, no policy, nothing for anon and authenticated; the app reaches them through the
-- functions below as the service role. Each action's function changes the rows, writes its audit row
-- in public.staff_actions and queues its e-mail in one transaction.
create table public.lead_tracking (
  lead_kind text not null check (lead_kind in ('quote_request', 'contact_message', 'estimate_request')),
  lead_id uuid not null,
  status text not null default 'new' check (status in ('new', 'contacted', 'quoted', 'won', 'lost', 'spam')),
  assignee_id uuid references public.staff (id),
  updated_at timestamptz not null default now(),
  primary key (lead_kind, lead_id)
);

create index lead_tracking_status on public.lead_tracking (status);

create index lead_tracking_assignee on public.lead_tracking (assignee_id);

-- Internal notes: never shown to the customer.
create table public.lead_notes (
  id uuid primary key default gen_random_uuid(),
  lead_kind text not null check (lead_kind in ('quote_request', 'contact_message', 'estimate_request')),
  lead_id uuid not null,
  staff_id uuid references public.staff (id),
  staff_name text not null,
  body text not null check (length(btrim(body)) between 1 and 4000),
  at timestamptz not null default now()
);

create index lead_notes_lead on public.lead_notes (lead_kind, lead_id, at);

alter table public.lead_tracking enable row level security;

alter table public.lead_notes enable row level security;

revoke all on table public.lead_tracking, public.lead_notes from public, anon, authenticated;

grant select, insert, update on table public.lead_tracking to service_role;

grant select, insert on table public.lead_notes to service_role;

-- Whether the submission exists (its own table by kind).
create function public.lead_exists(p_kind text, p_id uuid) returns boolean
language sql
stable
set search_path = ''
as $$
  select case p_kind
    when 'quote_request' then exists (select 1 from public.quote_requests where id = p_id)
    when 'contact_message' then exists (select 1 from public.contact_messages where id = p_id)
    when 'estimate_request' then exists (select 1 from public.appointments where id = p_id)
    else false
  end;
$$;

-- The lead's tracking row, made on its first change and locked for the rest of the transaction
-- (two staff acting at once on one lead take turns). Null when the submission does not exist.
create function public.lock_lead_tracking(p_kind text, p_id uuid) returns public.lead_tracking
language plpgsql
set search_path = ''
as $$
declare
  v public.lead_tracking;
begin
  if not public.lead_exists(p_kind, p_id) then
    return null;
  end if;
  insert into public.lead_tracking (lead_kind, lead_id) values (p_kind, p_id) on conflict do nothing;
  select * into v from public.lead_tracking where lead_kind = p_kind and lead_id = p_id for update;
  return v;
end;
$$;

create function public.record_lead_action(p_id uuid, p_staff jsonb, p_action text, p_before jsonb, p_after jsonb) returns void
language sql
set search_path = ''
as $$
  select public.record_staff_action((p_staff ->> 'id')::uuid, p_staff ->> 'name', now(), 'lead', p_id::text, p_action, p_before, p_after);
$$;

-- The inbox: every submission of the three forms with its status and assignee, newest first (or
-- oldest with "order": "oldest"), filtered by p_filter's "status", "kind", "assignee" (a staff id,
-- or "nobody", which includes the leads of removed members) and "search" (part of the name or e-mail, or of the phone's digits), one page at a
-- time; `total` is the number of leads the filter finds.
create function public.office_leads(p_filter jsonb, p_limit integer, p_offset integer)
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
      q.created_at
    from public.quote_requests q
    union all
    select 'contact_message', c.id, c.name, c.email, c.phone, c.message, c.created_at
    from public.contact_messages c
    union all
    -- Estimate requests, and the few of the earlier appointment form (no e-mail, patient fields).
    select 'estimate_request', a.id, coalesce(a.full_name, a.patient_name), a.email, coalesce(a.phone, a.patient_phone),
      coalesce(concat_ws(' · ', a.service, a.visit_date::text || ' ' || a.visit_window, nullif(a.notes, '')), a.appointment_local),
      a.created_at
    from public.appointments a
  ),
  search as (
    select nullif(lower(btrim(coalesce(p_filter ->> 'search', ''))), '') as text,
      nullif(regexp_replace(coalesce(p_filter ->> 'search', ''), '[^0-9]', '', 'g'), '') as digits
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

-- One lead for its page: every field the customer sent ("fields", the submission's row without the
-- server's own key), its status, assignee and notes (oldest first). Null when there is none.
create function public.office_lead(p_kind text, p_id uuid) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_fields jsonb;
begin
  if p_kind = 'quote_request' then
    select to_jsonb(q) into v_fields from public.quote_requests q where q.id = p_id;
  elsif p_kind = 'contact_message' then
    select to_jsonb(c) into v_fields from public.contact_messages c where c.id = p_id;
  elsif p_kind = 'estimate_request' then
    select jsonb_strip_nulls(to_jsonb(a)) into v_fields from public.appointments a where a.id = p_id;
  end if;
  if v_fields is null then
    return null;
  end if;
  return jsonb_build_object(
    'kind', p_kind,
    'id', p_id,
    'fields', v_fields - 'submission_key',
    'status', coalesce((select t.status from public.lead_tracking t where t.lead_kind = p_kind and t.lead_id = p_id), 'new'),
    'assignee', (
      select jsonb_build_object('id', s.id, 'name', s.name, 'removed', s.removed_at is not null)
      from public.lead_tracking t join public.staff s on s.id = t.assignee_id
      where t.lead_kind = p_kind and t.lead_id = p_id
    ),
    'notes', coalesce((
      select jsonb_agg(jsonb_build_object('id', n.id, 'staffName', n.staff_name, 'at', n.at, 'body', n.body) order by n.at, n.id)
      from public.lead_notes n where n.lead_kind = p_kind and n.lead_id = p_id
    ), '[]'::jsonb)
  );
end;
$$;

-- Who a lead may be assigned to: the current staff (owner included), by name.
create function public.office_lead_assignees() returns table (id uuid, name text)
language sql
stable
set search_path = ''
as $$
  select s.id, s.name from public.staff s where s.removed_at is null order by lower(s.name), s.id;
$$;

-- p_from → p_to, when the lead is still p_from (otherwise "stale": someone changed it meanwhile, and
-- the rules that allowed the change were checked against an old status). The rules of which
-- transitions are allowed are lib/office/leads.ts's.
create function public.set_lead_status(p_kind text, p_id uuid, p_from text, p_to text, p_staff jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.lead_tracking;
begin
  v := public.lock_lead_tracking(p_kind, p_id);
  if v.lead_id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  if v.status <> p_from then
    return jsonb_build_object('outcome', 'stale', 'status', v.status);
  end if;
  if v.status = p_to then
    return jsonb_build_object('outcome', 'unchanged', 'status', v.status);
  end if;
  update public.lead_tracking set status = p_to, updated_at = now() where lead_kind = p_kind and lead_id = p_id;
  perform public.record_lead_action(p_id, p_staff, 'status_changed', jsonb_build_object('status', v.status), jsonb_build_object('status', p_to));
  return jsonb_build_object('outcome', 'changed', 'status', p_to);
end;
$$;

-- Assigns the lead to a current staff member, or to nobody (null). A removed (or unknown) member is
-- refused; the member's row is locked so a removal at the same moment waits for this.
create function public.assign_lead(p_kind text, p_id uuid, p_assignee uuid, p_staff jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.lead_tracking;
  v_before jsonb;
  v_after jsonb;
begin
  v := public.lock_lead_tracking(p_kind, p_id);
  if v.lead_id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  if p_assignee is not null then
    select to_jsonb(s.name) into v_after
    from public.staff s where s.id = p_assignee and s.removed_at is null for share;
    if v_after is null then
      return jsonb_build_object('outcome', 'not_staff');
    end if;
  end if;
  if v.assignee_id is not distinct from p_assignee then
    return jsonb_build_object('outcome', 'unchanged');
  end if;
  -- The history names the members (as they were called then), like staff_actions.staff_name.
  select to_jsonb(s.name) into v_before from public.staff s where s.id = v.assignee_id;
  update public.lead_tracking set assignee_id = p_assignee, updated_at = now() where lead_kind = p_kind and lead_id = p_id;
  perform public.record_lead_action(p_id, p_staff, 'assigned',
    jsonb_build_object('assignee', coalesce(v_before, 'null'::jsonb)), jsonb_build_object('assignee', coalesce(v_after, 'null'::jsonb)));
  return jsonb_build_object('outcome', 'changed');
end;
$$;

create function public.add_lead_note(p_kind text, p_id uuid, p_body text, p_staff jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.lead_tracking;
  v_note uuid;
begin
  v := public.lock_lead_tracking(p_kind, p_id);
  if v.lead_id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  insert into public.lead_notes (lead_kind, lead_id, staff_id, staff_name, body)
  values (p_kind, p_id, (p_staff ->> 'id')::uuid, p_staff ->> 'name', p_body)
  returning id into v_note;
  perform public.record_lead_action(p_id, p_staff, 'note_added', null, jsonb_build_object('note', p_body));
  return jsonb_build_object('outcome', 'added', 'id', v_note);
end;
$$;

-- Queues a reply to the customer (p_emails: the one message, in enqueue_event_emails' shape) under
-- the key the reply form was given, so the same form sent twice queues one e-mail; records it in the
-- lead's history (subject, message, recipient); then moves the lead to p_status_after when it is
-- still p_from (a reply to a new lead makes it contacted, unless staff chose otherwise).
create function public.reply_to_lead(
  p_kind text,
  p_id uuid,
  p_reply_key uuid,
  p_from text,
  p_status_after text,
  p_staff jsonb,
  p_emails jsonb
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v public.lead_tracking;
  v_queued integer;
  v_email jsonb := p_emails -> 0;
  v_status text;
begin
  v := public.lock_lead_tracking(p_kind, p_id);
  if v.lead_id is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  insert into public.email_outbox (event_key, template, to_address, reply_to, payload)
  select 'lead_reply:' || p_reply_key || ':' || (e ->> 'audience'), e ->> 'template', e ->> 'to', e ->> 'replyTo', e -> 'payload'
  from jsonb_array_elements(p_emails) as e
  on conflict (event_key) do nothing;
  get diagnostics v_queued = row_count;
  if v_queued = 0 then
    return jsonb_build_object('outcome', 'already_sent', 'status', v.status);
  end if;
  perform public.record_lead_action(p_id, p_staff, 'reply_sent', null, jsonb_build_object(
    'to', v_email ->> 'to',
    'subject', v_email -> 'payload' ->> 'subject',
    'message', v_email -> 'payload' ->> 'message'
  ));
  v_status := v.status;
  if p_status_after is not null and p_status_after <> v.status and v.status = p_from then
    update public.lead_tracking set status = p_status_after, updated_at = now() where lead_kind = p_kind and lead_id = p_id;
    perform public.record_lead_action(p_id, p_staff, 'status_changed', jsonb_build_object('status', v.status), jsonb_build_object('status', p_status_after));
    v_status := p_status_after;
  end if;
  return jsonb_build_object('outcome', 'sent', 'status', v_status);
end;
$$;


-- Functions of this baseline: only the app's server (the service role) calls them.
revoke all on function
  public.submit_quote_request(jsonb,jsonb),
  public.submit_contact_message(jsonb,jsonb),
  public.submit_appointment(jsonb,jsonb),
  public.submit_estimate_request(jsonb,jsonb),
  public.lead_exists(text,uuid),
  public.lock_lead_tracking(text,uuid),
  public.record_lead_action(uuid,jsonb,text,jsonb,jsonb),
  public.office_leads(jsonb,integer,integer),
  public.office_lead(text,uuid),
  public.office_lead_assignees(),
  public.set_lead_status(text,uuid,text,text,jsonb),
  public.assign_lead(text,uuid,uuid,jsonb),
  public.add_lead_note(text,uuid,text,jsonb),
  public.reply_to_lead(text,uuid,uuid,text,text,jsonb,jsonb)
  from public, anon, authenticated;
grant execute on function
  public.submit_quote_request(jsonb,jsonb),
  public.submit_contact_message(jsonb,jsonb),
  public.submit_appointment(jsonb,jsonb),
  public.submit_estimate_request(jsonb,jsonb),
  public.lead_exists(text,uuid),
  public.lock_lead_tracking(text,uuid),
  public.record_lead_action(uuid,jsonb,text,jsonb,jsonb),
  public.office_leads(jsonb,integer,integer),
  public.office_lead(text,uuid),
  public.office_lead_assignees(),
  public.set_lead_status(text,uuid,text,text,jsonb),
  public.assign_lead(text,uuid,uuid,jsonb),
  public.add_lead_note(text,uuid,text,jsonb),
  public.reply_to_lead(text,uuid,uuid,text,text,jsonb,jsonb)
  to service_role;

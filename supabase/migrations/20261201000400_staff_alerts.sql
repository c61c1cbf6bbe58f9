-- Alerts the owner chooses for each member of staff: an e-mail (and, where the member gave their own
-- number and agreed to texts, a text) for each new paid booking, new lead (quote request, contact
-- message, estimate request) or cancellation request, or one digest a day. Off by default for
-- everyone; a removed member gets nothing, nor does a crew member (they see only their crew's day).
-- What an alert says is staff facts only (the reference, the service, the date, the link into the
-- office and a name): never what a visitor typed beyond their name, since an alert can sit on a
-- phone's lock screen.
--
-- Exactly once: every alert is an outbox row whose event_key names the member, the event and the
-- channel, inserted with ON CONFLICT DO NOTHING, so two runs of the job at once queue it once.
-- Texts keep the text rules: the member's own consent (given by them, on their own alerts page),
-- STOP honoured (sms_opt_outs, checked again when the text is claimed), none between 9 pm and 8 am
-- (the text worker defers), and an expiry in the payload so a deferred alert is not sent stale.

create table public.staff_alerts (
  staff_id uuid primary key references public.staff (id),
  events text[] not null default '{}' check (events <@ array['booking', 'lead', 'cancellation_request']::text[]),
  delivery text not null default 'off' check (delivery in ('off', 'each', 'digest')),
  -- The member's own mobile number (a US number in E.164) and when they agreed to texts on it.
  text_phone text check (text_phone ~ '^\+1[2-9][0-9]{9}$'),
  text_consent_at timestamptz,
  constraint staff_alerts_consent_has_phone check (text_consent_at is null or text_phone is not null),
  -- From when alerts are owed: set when delivery is turned on or an event is added, so turning
  -- alerts on never sends the backlog of what happened before.
  enabled_at timestamptz,
  updated_at timestamptz not null
);

create index staff_alerts_text_phone_idx on public.staff_alerts (text_phone) where text_consent_at is not null;

alter table public.staff_alerts enable row level security;
revoke all on table public.staff_alerts from public, anon, authenticated;
grant select, insert, update on table public.staff_alerts to service_role;

-- The alerts job looks for cancellation requests of the last hours every minute, through
-- bookings_cancellation_requested_at_idx; paid bookings through bookings_paid_at_idx.

-- Staff alerts and digests are texts too (the booking's texts as before).
alter table public.outbox drop constraint outbox_text_template;
alter table public.outbox add constraint outbox_text_template
  check (channel <> 'text' or template in ('visit_reminder', 'crew_on_the_way', 'staff_alert', 'staff_digest'));

-- Whether a text to p_phone for staff has consent now: a current member whose own number it is agreed.
create function public.staff_text_consent(p_phone text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.staff_alerts a join public.staff s on s.id = a.staff_id
    where a.text_phone = p_phone and a.text_consent_at is not null and s.removed_at is null
  );
$$;

-- As before, but a staff text's consent is its member's (staff_text_consent), and it has no visit
-- that must still stand.
create or replace function public.claim_outbox(p_channel text, p_limit integer, p_lease_seconds integer, p_now timestamptz)
returns table (
  id uuid, channel text, event_key text, template text, to_address text, reply_to text, booking_id uuid, payload jsonb,
  attempts integer, lock_token uuid, locked_until timestamptz, created_at timestamptz,
  opted_out boolean, consented boolean, visit_stands boolean, window_starts_at timestamptz
)
language sql
set search_path = ''
as $$
  with claimed as (
    update public.outbox as o
    set locked_until = coalesce(p_now, now()) + make_interval(secs => p_lease_seconds), lock_token = gen_random_uuid(),
      attempts = o.attempts + 1
    where o.id in (
      select d.id from public.outbox d
      where d.channel = p_channel and d.status = 'pending' and d.next_attempt_at <= coalesce(p_now, now())
        and (d.locked_until is null or d.locked_until < coalesce(p_now, now()))
      order by d.next_attempt_at, d.created_at
      limit p_limit
      for update skip locked
    )
    returning o.*
  )
  select c.id, c.channel, c.event_key, c.template, c.to_address, c.reply_to, c.booking_id, c.payload, c.attempts,
    c.lock_token, c.locked_until, c.created_at,
    c.channel = 'text' and exists (select 1 from public.sms_opt_outs s where s.phone = c.to_address),
    case when c.template in ('staff_alert', 'staff_digest') then public.staff_text_consent(c.to_address)
      else c.booking_id is not null and public.booking_text_consent(c.booking_id) is not null end,
    case when c.template in ('staff_alert', 'staff_digest') then true
      else coalesce(b.cancelled_at is null and b.payment_status in ('paid', 'scheduled'), false) end,
    b.window_starts_at
  from claimed c
  left join public.bookings b on b.id = c.booking_id;
$$;

-- The events staff are alerted of that happened in [p_from, p_to): a booking when it was paid (a
-- plan's first visit only: its later visits are charges, not new bookings), a lead when it came in,
-- a cancellation request when it was made. Staff facts only: kind, id, reference, service, date,
-- a name, the office's path and when it happened.
create function public.staff_alert_events(p_from timestamptz, p_to timestamptz)
returns table (kind text, id uuid, at timestamptz, facts jsonb)
language sql
stable
set search_path = ''
as $$
  select 'booking', b.id, b.paid_at, jsonb_build_object(
      'event', 'booking', 'reference', upper(substr(replace(b.id::text, '-', ''), 1, 4) || '-' || substr(replace(b.id::text, '-', ''), 5, 4)),
      'service', b.service, 'date', b.date::text, 'name', b.first_name || ' ' || b.last_name,
      'officePath', '/office/bookings/' || b.id, 'at', b.paid_at)
  from public.bookings b
  where b.payment_status = 'paid' and b.paid_at >= p_from and b.paid_at < p_to and coalesce(b.plan_visit, 1) = 1
  union all
  select 'cancellation_request', b.id, b.cancellation_requested_at, jsonb_build_object(
      'event', 'cancellation_request', 'reference', upper(substr(replace(b.id::text, '-', ''), 1, 4) || '-' || substr(replace(b.id::text, '-', ''), 5, 4)),
      'service', b.service, 'date', b.date::text, 'name', b.first_name || ' ' || b.last_name,
      'officePath', '/office/bookings/' || b.id, 'at', b.cancellation_requested_at)
  from public.bookings b
  where b.cancellation_requested_at >= p_from and b.cancellation_requested_at < p_to
  union all
  select 'lead', l.id, l.created_at, jsonb_build_object(
      'event', 'lead', 'leadKind', l.lead_kind,
      'reference', upper(substr(replace(l.id::text, '-', ''), 1, 4) || '-' || substr(replace(l.id::text, '-', ''), 5, 4)),
      'service', null, 'date', (l.created_at at time zone 'America/Los_Angeles')::date::text, 'name', l.name,
      'officePath', '/office/leads/' || replace(l.lead_kind, '_', '-') || '/' || l.id, 'at', l.created_at)
  from (
    select 'quote_request' as lead_kind, q.id, q.created_at, q.first_name || ' ' || q.last_name as name
    from public.quote_requests q where q.created_at >= p_from and q.created_at < p_to
    union all
    select 'contact_message', m.id, m.created_at, m.name
    from public.contact_messages m where m.created_at >= p_from and m.created_at < p_to
    union all
    select 'estimate_request', a.id, a.created_at, coalesce(a.full_name, a.patient_name)
    from public.appointments a where a.created_at >= p_from and a.created_at < p_to
  ) l;
$$;

-- Queues the "each" alerts of events from max(p_now − p_lookback_seconds, when the member's alerts
-- were turned on) up to p_now, for every current member whose delivery is 'each': an e-mail to
-- their address and, with their consent, a text to their own number (expiring 12 hours after it is
-- queued). Keyed staff_alert:<member>:<kind>:<id>:email|text: each once, however many runs at once.
-- Answers {"emails": n, "texts": n} queued now.
create function public.queue_staff_alerts(p_now timestamptz, p_lookback_seconds integer)
returns jsonb
language sql
set search_path = ''
as $$
  with due as (
    select s.id as staff_id, s.email, s.name as member_name,
      case when a.text_consent_at is not null then a.text_phone end as text_phone, e.kind, e.id, e.facts
    from public.staff_alerts a
    join public.staff s on s.id = a.staff_id and s.removed_at is null and s.role <> 'crew'
    cross join lateral public.staff_alert_events(
      greatest(p_now - make_interval(secs => greatest(p_lookback_seconds, 0)), a.enabled_at), p_now) e
    where a.delivery = 'each' and a.enabled_at is not null and e.kind = any (a.events)
  ),
  emails as (
    insert into public.outbox (channel, event_key, template, to_address, payload, next_attempt_at, created_at)
    select 'email', 'staff_alert:' || d.staff_id || ':' || d.kind || ':' || d.id || ':email', 'staff_alert.staff', d.email,
      d.facts || jsonb_build_object('kind', 'staff_alert', 'memberName', d.member_name), p_now, p_now
    from due d
    on conflict (event_key) do nothing
    returning 1
  ),
  texts as (
    insert into public.outbox (channel, event_key, template, to_address, payload, next_attempt_at, created_at)
    select 'text', 'staff_alert:' || d.staff_id || ':' || d.kind || ':' || d.id || ':text', 'staff_alert', d.text_phone,
      d.facts || jsonb_build_object('kind', 'staff_alert', 'expiresAt', p_now + interval '12 hours'), p_now, p_now
    from due d
    where d.text_phone is not null
      and not exists (select 1 from public.sms_opt_outs o where o.phone = d.text_phone)
    on conflict (event_key) do nothing
    returning 1
  )
  select jsonb_build_object('emails', (select count(*) from emails), 'texts', (select count(*) from texts));
$$;

-- Queues one digest per current member whose delivery is 'digest', for the company day p_day
-- (America/Los_Angeles), of the events they chose on that day since their alerts were turned on;
-- none when nothing happened. An e-mail and, with their consent, a text with the counts. Keyed
-- staff_digest:<member>:<day>:email|text: one per member per day, however many runs.
create function public.queue_staff_digests(p_now timestamptz, p_day date)
returns jsonb
language sql
set search_path = ''
as $$
  with bounds as (
    select (p_day::timestamp) at time zone 'America/Los_Angeles' as day_start,
      ((p_day + 1)::timestamp) at time zone 'America/Los_Angeles' as day_end
  ),
  due as (
    select s.id as staff_id, s.email, s.name as member_name,
      case when a.text_consent_at is not null then a.text_phone end as text_phone,
      jsonb_build_object(
        'booking', count(*) filter (where e.kind = 'booking'),
        'lead', count(*) filter (where e.kind = 'lead'),
        'cancellation_request', count(*) filter (where e.kind = 'cancellation_request')) as counts,
      -- The first 50 events of the day, oldest first; the counts hold them all.
      jsonb_agg(e.facts order by e.at, e.id) filter (where e.rn <= 50) as items,
      count(*)::integer as total
    from bounds
    cross join public.staff_alerts a
    join public.staff s on s.id = a.staff_id and s.removed_at is null and s.role <> 'crew'
    cross join lateral (
      select x.*, row_number() over (order by x.at, x.id) as rn
      from public.staff_alert_events(greatest(bounds.day_start, a.enabled_at), bounds.day_end) x
      where x.kind = any (a.events)
    ) e
    where a.delivery = 'digest' and a.enabled_at is not null and a.enabled_at < bounds.day_end
    group by s.id, s.email, s.name, a.text_consent_at, a.text_phone
  ),
  emails as (
    insert into public.outbox (channel, event_key, template, to_address, payload, next_attempt_at, created_at)
    select 'email', 'staff_digest:' || d.staff_id || ':' || p_day || ':email', 'staff_digest.staff', d.email,
      jsonb_build_object('kind', 'staff_digest', 'memberName', d.member_name, 'day', p_day::text, 'counts', d.counts,
        'total', d.total, 'items', d.items, 'officePath', '/office'),
      p_now, p_now
    from due d
    on conflict (event_key) do nothing
    returning 1
  ),
  texts as (
    insert into public.outbox (channel, event_key, template, to_address, payload, next_attempt_at, created_at)
    select 'text', 'staff_digest:' || d.staff_id || ':' || p_day || ':text', 'staff_digest', d.text_phone,
      jsonb_build_object('kind', 'staff_digest', 'day', p_day::text, 'counts', d.counts, 'total', d.total,
        'officePath', '/office', 'expiresAt', p_now + interval '12 hours'),
      p_now, p_now
    from due d
    where d.text_phone is not null
      and not exists (select 1 from public.sms_opt_outs o where o.phone = d.text_phone)
    on conflict (event_key) do nothing
    returning 1
  )
  select jsonb_build_object('emails', (select count(*) from emails), 'texts', (select count(*) from texts));
$$;

-- The alert settings of current members (all of them, or p_staff_id's only), defaults for a member
-- who has none: [{"staffId", "events", "delivery", "textPhone", "textConsentAt", "textOptedOut"
-- (their number replied STOP: no texts until it replies START), "enabledAt"}].
create function public.staff_alert_settings(p_staff_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'staffId', s.id,
      'events', to_jsonb(coalesce(a.events, '{}'::text[])),
      'delivery', coalesce(a.delivery, 'off'),
      'textPhone', a.text_phone,
      'textConsentAt', a.text_consent_at,
      'textOptedOut', exists (select 1 from public.sms_opt_outs o where o.phone = a.text_phone),
      'enabledAt', a.enabled_at
    ) order by s.created_at, s.id), '[]'::jsonb)
  from public.staff s
  left join public.staff_alerts a on a.staff_id = s.id
  where s.removed_at is null and (p_staff_id is null or s.id = p_staff_id);
$$;

-- An owner (p_staff: {"id", "name"}) sets a member's events (a JSON array) and delivery, audited on
-- the member. Alerts are owed from now when delivery is turned on or an event is added (never for
-- what happened before). Answers 'changed', 'unchanged', 'not_owner', 'not_found', 'crew' (a crew
-- member gets no alerts) or 'invalid'.
create function public.save_staff_alert_choice(p_staff jsonb, p_member uuid, p_events jsonb, p_delivery text, p_now timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_owner public.staff;
  v_member public.staff;
  v_events text[];
  v_old public.staff_alerts;
  v_old_events text[];
  v_old_delivery text;
begin
  v_owner := public.acting_owner(p_staff);
  if v_owner.id is null then
    return 'not_owner';
  end if;
  select * into v_member from public.staff where id = p_member and removed_at is null;
  if v_member.id is null then
    return 'not_found';
  end if;
  -- A crew member sees their crew's day, not bookings and leads: alerts are for the office and owners.
  if v_member.role = 'crew' then
    return 'crew';
  end if;
  if jsonb_typeof(p_events) is distinct from 'array' or p_delivery not in ('off', 'each', 'digest') then
    return 'invalid';
  end if;
  select coalesce(array_agg(distinct e order by e), '{}') into v_events from jsonb_array_elements_text(p_events) as e;
  if not v_events <@ array['booking', 'lead', 'cancellation_request']::text[] then
    return 'invalid';
  end if;
  select * into v_old from public.staff_alerts where staff_id = p_member for update;
  v_old_events := coalesce(v_old.events, '{}');
  v_old_delivery := coalesce(v_old.delivery, 'off');
  if v_old_events @> v_events and v_events @> v_old_events and v_old_delivery = p_delivery then
    return 'unchanged';
  end if;
  insert into public.staff_alerts (staff_id, events, delivery, enabled_at, updated_at)
  values (p_member, v_events, p_delivery, case when p_delivery <> 'off' then p_now end, p_now)
  on conflict (staff_id) do update set
    events = excluded.events,
    delivery = excluded.delivery,
    enabled_at = case
      when excluded.delivery = 'off' then null
      when public.staff_alerts.delivery = 'off' or public.staff_alerts.enabled_at is null
        or not (public.staff_alerts.events @> excluded.events)
        or public.staff_alerts.delivery <> excluded.delivery then p_now
      else public.staff_alerts.enabled_at end,
    updated_at = p_now;
  perform public.record_staff_action(v_owner.id, v_owner.name, p_now, 'staff', p_member::text, 'staff_alerts_changed',
    jsonb_build_object('alertBooking', 'booking' = any (v_old_events), 'alertLead', 'lead' = any (v_old_events),
      'alertCancellationRequest', 'cancellation_request' = any (v_old_events), 'alertDelivery', v_old_delivery),
    jsonb_build_object('alertBooking', 'booking' = any (v_events), 'alertLead', 'lead' = any (v_events),
      'alertCancellationRequest', 'cancellation_request' = any (v_events), 'alertDelivery', p_delivery));
  return 'changed';
end;
$$;

-- A member saves their OWN text number and whether they agree to texts on it (p_agree): agreeing
-- records when; not agreeing withdraws; a new number needs agreeing again. Only the member
-- themselves calls this (the route passes the signed-in member's id). Answers 'saved' or 'not_found'.
create function public.save_staff_text_consent(p_member uuid, p_phone text, p_agree boolean, p_now timestamptz)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_old public.staff_alerts;
begin
  if not exists (select 1 from public.staff where id = p_member and removed_at is null) then
    return 'not_found';
  end if;
  select * into v_old from public.staff_alerts where staff_id = p_member for update;
  insert into public.staff_alerts (staff_id, text_phone, text_consent_at, updated_at)
  values (p_member, p_phone, case when p_agree and p_phone is not null then p_now end, p_now)
  on conflict (staff_id) do update set
    text_phone = excluded.text_phone,
    text_consent_at = case
      when not p_agree or excluded.text_phone is null then null
      when public.staff_alerts.text_consent_at is not null and public.staff_alerts.text_phone = excluded.text_phone
        then public.staff_alerts.text_consent_at
      else p_now end,
    updated_at = p_now;
  return 'saved';
end;
$$;

revoke all on function
  public.staff_text_consent(text),
  public.staff_alert_events(timestamptz, timestamptz),
  public.queue_staff_alerts(timestamptz, integer),
  public.queue_staff_digests(timestamptz, date),
  public.staff_alert_settings(uuid),
  public.save_staff_alert_choice(jsonb, uuid, jsonb, text, timestamptz),
  public.save_staff_text_consent(uuid, text, boolean, timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.staff_text_consent(text),
  public.staff_alert_events(timestamptz, timestamptz),
  public.queue_staff_alerts(timestamptz, integer),
  public.queue_staff_digests(timestamptz, date),
  public.staff_alert_settings(uuid),
  public.save_staff_alert_choice(jsonb, uuid, jsonb, text, timestamptz),
  public.save_staff_text_consent(uuid, text, boolean, timestamptz)
  to service_role;

-- The office's dashboard in one round trip: today's jobs and what waits on staff; the leads and
-- bookings of a range of company days; and, for the owner only (p_money), the money of each period
-- asked for (office_money_between), collected and refunded per week over 12 weeks, and the plans.

-- A lead's furthest step towards a booking: new, contacted, quoted, won (lost and spam are not steps).
create function public.office_lead_step(p_status text)
returns integer
language sql
immutable
as $$
  select case p_status when 'contacted' then 1 when 'quoted' then 2 when 'won' then 3 else 0 end;
$$;

-- How many visits a plan's cadence makes in a year (its monthly value is per visit × this ÷ 12).
create function public.plan_visits_per_year(p_cadence text)
returns integer
language sql
immutable
as $$
  select case p_cadence when 'weekly' then 52 when 'every_other_week' then 26 when 'monthly' then 12 when 'every_3_months' then 4 when 'every_6_months' then 2 end;
$$;

-- p_periods: {"name": {"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}, …}, the money periods (the app
-- works out the weeks and months); p_from..p_to: the range the leads, the heard-about-us answers and
-- the bookings by service are counted over (leads by the day received, bookings by visit date).
--   today:    per crew and arrival window, the jobs of today (booked, or an open hold) with how many
--             started and done; open holds, open cancellation requests, e-mails that failed
--   funnel:   leads received, not spam; a lead reached a step when its status is that step or
--             later, or its history shows it passed through it (a lead quoted then lost was quoted)
--   heard:    the quote form's "how did you hear about us", counted as the leads list matches it
--             (trimmed, any case); '' for no answer
--   money:    null unless p_money
create function public.office_dashboard(p_now timestamptz, p_periods jsonb, p_from date, p_to date, p_money boolean)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with today as (
    select (p_now at time zone 'America/Los_Angeles')::date as d
  ),
  range as (
    select public.office_day_start(p_from) as starts, public.office_day_start(p_to + 1) as ends
  ),
  jobs as (
    select coalesce(b.service_family, case b.industry when 'exterior' then 'exterior' when 'commercial' then 'commercial' else 'indoor' end) as crew,
      b.arrival_window as arrival_window, count(*) as jobs,
      count(*) filter (where b.started_at is not null or b.outcome = 'done') as started,
      count(*) filter (where b.outcome = 'done') as done,
      count(*) filter (where b.payment_status = 'pending') as holds
    from public.bookings b, today
    where b.date = today.d
      and (public.office_booking_is_booked(b.payment_status, b.cancelled_at) or (b.payment_status = 'pending' and b.hold_expires_at > p_now))
    group by 1, 2
  ),
  leads as (
    select 'quote_request' as kind, q.id, q.heard_about_us from public.quote_requests q, range where q.created_at >= range.starts and q.created_at < range.ends
    union all
    select 'contact_message', c.id, null from public.contact_messages c, range where c.created_at >= range.starts and c.created_at < range.ends
    union all
    select 'estimate_request', a.id, null from public.appointments a, range where a.created_at >= range.starts and a.created_at < range.ends
  ),
  steps as (
    select l.kind, l.heard_about_us,
      greatest(public.office_lead_step(coalesce(t.status, 'new')), coalesce((
        select max(public.office_lead_step(s.after ->> 'status'))
        from public.staff_actions s
        where s.subject_kind = 'lead' and s.subject_id = l.id::text and s.action = 'status_changed'
      ), 0)) as step
    from leads l left join public.lead_tracking t on t.lead_kind = l.kind and t.lead_id = l.id
    where coalesce(t.status, 'new') <> 'spam'
  ),
  weeks as (
    select (date_trunc('week', today.d)::date - 7 * g)::date as monday from today, generate_series(0, 11) as g
  )
  select jsonb_build_object(
    'today', (select d::text from today),
    'jobs', coalesce((
      select jsonb_agg(jsonb_build_object('crew', j.crew, 'window', j.arrival_window, 'jobs', j.jobs, 'started', j.started, 'done', j.done, 'holds', j.holds)
        order by j.crew, j.arrival_window nulls last)
      from jobs j), '[]'::jsonb),
    'open_holds', (select count(*) from public.bookings b where b.payment_status = 'pending' and b.hold_expires_at > p_now),
    'cancellation_requests', (select count(*) from public.open_cancellation_requests()),
    'failed_emails', (select count(*) from public.email_outbox o where o.status = 'failed'),
    'by_service', coalesce((
      select jsonb_agg(jsonb_build_object('industry', x.industry, 'count', x.n, 'cents', case when p_money then x.cents end) order by x.industry)
      from (
        select b.industry, count(*) as n, coalesce(sum(b.amount_cents), 0)::bigint as cents
        from public.bookings b
        where b.date between p_from and p_to and public.office_booking_is_booked(b.payment_status, b.cancelled_at)
        group by b.industry
      ) x), '[]'::jsonb),
    'funnel', (
      select jsonb_build_object('received', count(*), 'contacted', count(*) filter (where step >= 1),
        'quoted', count(*) filter (where step >= 2), 'won', count(*) filter (where step >= 3))
      from steps),
    'heard', coalesce((
      select jsonb_agg(jsonb_build_object('answer', h.answer, 'count', h.n) order by h.n desc, h.answer)
      from (
        select coalesce(min(nullif(btrim(s.heard_about_us), '') collate "C"), '') as answer, count(*) as n
        from steps s where s.kind = 'quote_request' group by lower(btrim(coalesce(s.heard_about_us, '')))
      ) h), '[]'::jsonb),
    'money', case when p_money then jsonb_build_object(
      'periods', coalesce((
        select jsonb_object_agg(p.key, public.office_money_between((p.value ->> 'from')::date, (p.value ->> 'to')::date))
        from jsonb_each(p_periods) p), '{}'::jsonb),
      'weekly', (
        select jsonb_agg(jsonb_build_object(
          'monday', w.monday::text,
          'collected_cents', (
            select coalesce(sum(b.amount_cents), 0)::bigint from public.bookings b
            where b.payment_status = 'paid' and b.paid_at >= public.office_day_start(w.monday) and b.paid_at < public.office_day_start(w.monday + 7)),
          'refunded_cents', (
            select coalesce(sum(r.amount_cents), 0)::bigint from public.booking_refunds r
            where r.status = 'succeeded' and r.purpose <> 'late_payment'
              and r.completed_at >= public.office_day_start(w.monday) and r.completed_at < public.office_day_start(w.monday + 7))
        ) order by w.monday)
        from weeks w),
      'plans', (
        select jsonb_build_object('active', count(*),
          'monthly_cents', coalesce(round(sum(p.per_visit_cents::numeric * public.plan_visits_per_year(p.cadence)) / 12), 0)::bigint)
        from public.booking_plans p where p.status = 'active')
    ) end
  );
$$;

revoke all on function
  public.office_lead_step(text),
  public.plan_visits_per_year(text),
  public.office_dashboard(timestamptz,jsonb,date,date,boolean)
  from public, anon, authenticated;
grant execute on function
  public.office_lead_step(text),
  public.plan_visits_per_year(text),
  public.office_dashboard(timestamptz,jsonb,date,date,boolean)
  to service_role;

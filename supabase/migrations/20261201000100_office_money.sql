-- The office's money figures, worked out in the database so the dashboard, the bookings list and its
-- CSV add up the same rows the same way. Each figure has its own date, on the company's clock
-- (America/Los_Angeles): a booking counts as booked on its visit date, collected on the day it was
-- paid, refunded on the day the refund went through. A company day d runs from
-- (d::timestamp at time zone 'America/Los_Angeles') to the same of d + 1, which is right across a
-- daylight-saving change (a 23- or 25-hour day) and lets the indexes on the instants serve.

create index bookings_paid_at_idx on public.bookings (paid_at) where payment_status = 'paid';

create index booking_refunds_completed_idx on public.booking_refunds (completed_at) where status = 'succeeded';

create index plan_charges_created_idx on public.plan_charges (created_at);

-- The booked set: bookings that are jobs, paid or a plan's visit waiting for its charge, and not
-- cancelled (the office statuses paid, cancellation requested, done, no-show and plan visit).
create function public.office_booking_is_booked(p_payment_status text, p_cancelled_at timestamptz)
returns boolean
language sql
immutable
as $$
  select p_cancelled_at is null and p_payment_status in ('paid', 'scheduled');
$$;

-- The instant a company day starts.
create function public.office_day_start(p_day date)
returns timestamptz
language sql
stable
as $$
  select p_day::timestamp at time zone 'America/Los_Angeles';
$$;

-- The money of the company days p_from..p_to (inclusive), in cents:
--   booked:    the booked set dated in the period (count, amount, tips, coupons and their uses,
--              the average rounded half up; tips_unknown counts older bookings whose tip was not stored)
--   collected: bookings paid in the period (a plan's visit when its charge went through), also those
--              cancelled since: the money came in that day
--   refunded:  refunds that went through in the period, whichever booking they were for; a late
--              payment sent back is left out, as its money was never collected
--   kept:      collected − refunded
--   plans:     visits charged and declined in the period (each visit once, however many tries) and
--              early-cancellation differences charged (money on no booking)
create function public.office_money_between(p_from date, p_to date)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with period as (
    select public.office_day_start(p_from) as starts, public.office_day_start(p_to + 1) as ends
  ),
  booked as (
    select count(*) as n, coalesce(sum(b.amount_cents), 0)::bigint as cents,
      coalesce(sum(b.tip_cents), 0)::bigint as tips, count(*) filter (where b.tip_cents is null) as tips_unknown,
      coalesce(sum(b.discount_cents), 0)::bigint as coupons, count(*) filter (where b.discount_cents > 0) as coupon_uses
    from public.bookings b
    where b.date between p_from and p_to and public.office_booking_is_booked(b.payment_status, b.cancelled_at)
  ),
  collected as (
    select count(*) as n, coalesce(sum(b.amount_cents), 0)::bigint as cents
    from public.bookings b, period
    where b.payment_status = 'paid' and b.paid_at >= period.starts and b.paid_at < period.ends
  ),
  refunded as (
    select count(distinct r.booking_id) as n, coalesce(sum(r.amount_cents), 0)::bigint as cents
    from public.booking_refunds r, period
    where r.status = 'succeeded' and r.purpose <> 'late_payment' and r.completed_at >= period.starts and r.completed_at < period.ends
  ),
  charges as (
    select count(distinct c.booking_id) filter (where c.kind = 'visit' and c.status = 'succeeded') as charged,
      count(distinct c.booking_id) filter (where c.kind = 'visit' and c.status in ('declined', 'authentication_required')) as declined,
      coalesce(sum(c.amount_cents) filter (where c.kind = 'early_cancellation' and c.status = 'succeeded'), 0)::bigint as early_cents
    from public.plan_charges c, period
    where c.created_at >= period.starts and c.created_at < period.ends
  )
  select jsonb_build_object(
    'from', p_from::text, 'to', p_to::text,
    'booked_count', booked.n, 'booked_cents', booked.cents,
    'average_cents', case when booked.n > 0 then round(booked.cents::numeric / booked.n)::bigint end,
    'tips_cents', booked.tips, 'tips_unknown', booked.tips_unknown,
    'coupons_cents', booked.coupons, 'coupon_uses', booked.coupon_uses,
    'collected_count', collected.n, 'collected_cents', collected.cents,
    'refunded_count', refunded.n, 'refunded_cents', refunded.cents,
    'kept_cents', collected.cents - refunded.cents,
    'plan_visits_charged', charges.charged, 'plan_visits_declined', charges.declined,
    'early_cancellation_cents', charges.early_cents)
  from booked, collected, refunded, charges;
$$;

-- The bookings list, as before, with three more filters and its sums:
--   "paid_from"/"paid_to":         paid on those company days (what the dashboard calls collected)
--   "refunded_from"/"refunded_to": a refund went through on those days (the dashboard's refunded);
--                                  each row then carries refunded_in_period_cents, the part of its
--                                  refunds that went through on them
-- and "sums" over every matching row, not only the page (null with "without_sums": true): count, total, discount, tip, paid,
-- refunded, kept (as the CSV's columns add up) and refunded_in_period. Each row also carries its
-- plan's frequency and status (a plan's visit) and when its customer agreed to texts (the booking's
-- own consent, or its plan's), for the CSV.
create or replace function public.office_search_bookings(p_filter jsonb, p_sort text, p_limit integer, p_offset integer, p_now timestamptz)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_order text;
  v_where text;
  v_sums jsonb;
  v_statuses text[];
  v_rows jsonb;
  v_refunded_in_period text;
begin
  v_order := case p_sort
    when 'date_asc' then 'b.date asc nulls last, b.window_starts_at asc nulls last, b.created_at asc, b.id asc'
    when 'date_desc' then 'b.date desc nulls last, b.window_starts_at desc nulls last, b.created_at desc, b.id desc'
    when 'created_asc' then 'b.created_at asc, b.id asc'
    when 'created_desc' then 'b.created_at desc, b.id desc'
    when 'name_asc' then 'lower(b.last_name) asc, lower(b.first_name) asc, b.id asc'
    when 'name_desc' then 'lower(b.last_name) desc, lower(b.first_name) desc, b.id desc'
    when 'total_asc' then 'b.amount_cents asc, b.id asc'
    when 'total_desc' then 'b.amount_cents desc, b.id desc'
  end;
  if v_order is null then
    raise exception 'unknown sort: %', p_sort using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 or p_offset is null or p_offset < 0 then
    raise exception 'page out of range' using errcode = '22023';
  end if;

  -- Every value reaches the query as a parameter ($1 = p_filter, $2 = p_now, $5 = the statuses), never as text.
  v_where := 'true';
  if p_filter ? 'text' or p_filter ? 'digits' or p_filter ? 'reference' then
    v_where := v_where || ' and (false'
      || case when p_filter ? 'text' then
           ' or (lower(b.first_name || '' '' || b.last_name) like $1->>''text'' escape ''\'''
           || ' or lower(b.email) like $1->>''text'' escape ''\'' or lower(b.address) like $1->>''text'' escape ''\'')'
         else '' end
      || case when p_filter ? 'digits' then ' or regexp_replace(b.phone, ''[^0-9]'', '''', ''g'') like ''%'' || ($1->>''digits'') || ''%''' else '' end
      || case when p_filter ? 'reference' then ' or left(replace(b.id::text, ''-'', ''''), length($1->>''reference'')) = $1->>''reference''' else '' end
      || ')';
  end if;
  if p_filter ? 'statuses' then
    v_statuses := array(select jsonb_array_elements_text(p_filter->'statuses'));
    v_where := v_where || ' and public.office_booking_status(b.payment_status, b.hold_expires_at, b.cancellation_requested_at, b.cancelled_at, b.outcome, $2) = any($5)';
  end if;
  if p_filter ? 'industry' then
    v_where := v_where || ' and b.industry = $1->>''industry''';
  end if;
  if p_filter ? 'crew' then
    -- Bookings from before arrival windows have no crew stored: their kind of cleaning names it.
    v_where := v_where || ' and coalesce(b.service_family, case b.industry when ''exterior'' then ''exterior'' when ''commercial'' then ''commercial'' else ''indoor'' end) = $1->>''crew''';
  end if;
  if p_filter ? 'from' then
    v_where := v_where || ' and b.date >= ($1->>''from'')::date';
  end if;
  if p_filter ? 'to' then
    v_where := v_where || ' and b.date <= ($1->>''to'')::date';
  end if;
  if p_filter ? 'paid_from' or p_filter ? 'paid_to' then
    v_where := v_where || ' and b.payment_status = ''paid'''
      || case when p_filter ? 'paid_from' then ' and b.paid_at >= public.office_day_start(($1->>''paid_from'')::date)' else '' end
      || case when p_filter ? 'paid_to' then ' and b.paid_at < public.office_day_start(($1->>''paid_to'')::date + 1)' else '' end;
  end if;
  if p_filter ? 'refunded_from' or p_filter ? 'refunded_to' then
    v_refunded_in_period := '(select coalesce(sum(r.amount_cents), 0) from public.booking_refunds r'
      || ' where r.booking_id = b.id and r.status = ''succeeded'' and r.purpose <> ''late_payment'''
      || case when p_filter ? 'refunded_from' then ' and r.completed_at >= public.office_day_start(($1->>''refunded_from'')::date)' else '' end
      || case when p_filter ? 'refunded_to' then ' and r.completed_at < public.office_day_start(($1->>''refunded_to'')::date + 1)' else '' end
      || ')';
    v_where := v_where || ' and exists (select 1 from public.booking_refunds r'
      || ' where r.booking_id = b.id and r.status = ''succeeded'' and r.purpose <> ''late_payment'''
      || case when p_filter ? 'refunded_from' then ' and r.completed_at >= public.office_day_start(($1->>''refunded_from'')::date)' else '' end
      || case when p_filter ? 'refunded_to' then ' and r.completed_at < public.office_day_start(($1->>''refunded_to'')::date + 1)' else '' end
      || ')';
  end if;

  -- The CSV export reads page after page and needs no sums: "without_sums" spares it the whole
  -- filter's aggregate on every page.
  if not coalesce((p_filter->>'without_sums')::boolean, false) then
  execute 'select jsonb_build_object(''count'', count(*), ''total_cents'', coalesce(sum(b.amount_cents), 0)::bigint,'
    || ' ''discount_cents'', coalesce(sum(b.discount_cents), 0)::bigint, ''tip_cents'', coalesce(sum(b.tip_cents), 0)::bigint,'
    || ' ''paid_cents'', coalesce(sum(b.amount_cents) filter (where b.payment_status = ''paid''), 0)::bigint,'
    || ' ''refunded_cents'', coalesce(sum(b.refunded_cents), 0)::bigint,'
    || ' ''kept_cents'', coalesce(sum(b.amount_cents - least(b.refunded_cents, b.amount_cents)) filter (where b.payment_status = ''paid''), 0)::bigint,'
    || ' ''refunded_in_period_cents'', ' || coalesce('coalesce(sum(' || v_refunded_in_period || '), 0)::bigint', 'null')
    || ') from public.bookings b where ' || v_where
    into v_sums using p_filter, p_now, null::integer, null::integer, v_statuses;
  end if;
  execute 'select coalesce(jsonb_agg(to_jsonb(page) order by page.position), ''[]''::jsonb) from ('
    || 'select b.*, row_number() over (order by ' || v_order || ') as position, '
    || coalesce(v_refunded_in_period, 'null::bigint') || ' as refunded_in_period_cents,'
    || ' p.frequency as plan_frequency, p.status as plan_status, coalesce(b.sms_consent_at, p.sms_consent_at) as texts_consent_at'
    || ' from public.bookings b left join public.booking_plans p on p.id = b.plan_id where ' || v_where
    || ' order by ' || v_order || ' limit $3 offset $4) page'
    into v_rows using p_filter, p_now, p_limit, p_offset, v_statuses;
  return jsonb_build_object('total', v_sums->'count', 'sums', v_sums, 'bookings', v_rows);
end;
$$;

revoke all on function
  public.office_booking_is_booked(text,timestamptz),
  public.office_day_start(date),
  public.office_money_between(date,date)
  from public, anon, authenticated;
grant execute on function
  public.office_booking_is_booked(text,timestamptz),
  public.office_day_start(date),
  public.office_money_between(date,date)
  to service_role;

-- The office's two lists of bookings (issue 22): the schedule (a day or a week of every crew) and the
-- bookings list (search, filters, sort, pages; its CSV export reads the same function page by page).
-- Reads only, through database functions like everything the app does here, so Supabase (rpc), a
-- PostgreSQL server and the embedded PGlite answer alike. Service role only.

-- The office's one-word status of a booking, as lib/office/booking-status.ts derives it (a test
-- holds the two to the same answers): the bookings list filters on it in the database, so its pages
-- and counts are right without reading every booking into the app. Over the columns rather than the
-- row, and without a `set search_path` (it names no table or function, so there is nothing to
-- resolve), so that the planner inlines it: a function with a SET clause is called once per booking,
-- 15 times slower on 20,000 bookings.
create function public.office_booking_status(
  p_payment_status text, p_hold_expires_at timestamptz, p_cancellation_requested_at timestamptz,
  p_cancelled_at timestamptz, p_outcome text, p_now timestamptz
)
returns text
language sql
immutable
as $$
  select case
    when p_cancelled_at is not null then 'cancelled'
    when p_outcome = 'done' then 'done'
    when p_outcome = 'no_show' then 'no_show'
    when p_payment_status = 'paid' then case when p_cancellation_requested_at is not null then 'cancellation_requested' else 'paid' end
    when p_payment_status = 'pending' then case when p_hold_expires_at is not null and p_hold_expires_at <= p_now then 'hold_ended' else 'unpaid_hold' end
    when p_payment_status = 'failed' then 'payment_failed'
    else 'hold_ended'
  end;
$$;

-- The schedule: every booking dated p_from..p_to that is or was a job (paid, or pending: an unpaid
-- hold; the app leaves out holds that have ended), in the order of the day. Checkouts cancelled,
-- expired or failed were never jobs.
create function public.office_bookings_between(p_from date, p_to date)
returns setof public.bookings1
language sql
stable
set search_path = ''
as $$
  select b.*
  from public.bookings1 b
  where b.date between p_from and p_to and b.payment_status in ('paid', 'pending')
  order by b.date, b.window_starts_at nulls last, b.created_at, b.id;
$$;

-- The bookings list: one page of the bookings matching p_filter, sorted by p_sort, with how many match.
-- p_filter (built and checked by lib/office/booking-filter.ts; every key optional):
--   "text":      lower-case words, each found in the name, e-mail or address (a LIKE pattern, escaped)
--   "digits":    digits found in the phone number
--   "reference": the start of the booking's id, hex (the reference customers see without its dash)
--   "statuses":  office statuses (office_booking_status), "industry", "crew" (service family),
--   "from"/"to": the booking's date (inclusive)
-- A row matches when every filter given holds, and the search (text, digits, reference) when any of
-- its parts does. p_sort is one of the names below (anything else is refused): the planner sees a
-- plain ORDER BY, so the indexes serve it. Answers {"total": n, "bookings": [row, …]}.
create function public.office_search_bookings(p_filter jsonb, p_sort text, p_limit integer, p_offset integer, p_now timestamptz)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_order text;
  v_where text;
  v_total bigint;
  v_statuses text[];
  v_rows jsonb;
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

  execute 'select count(*) from public.bookings1 b where ' || v_where into v_total using p_filter, p_now, null::integer, null::integer, v_statuses;
  execute 'select coalesce(jsonb_agg(to_jsonb(page) order by page.position), ''[]''::jsonb) from ('
    || 'select b.*, row_number() over (order by ' || v_order || ') as position from public.bookings1 b where ' || v_where
    || ' order by ' || v_order || ' limit $3 offset $4) page'
    into v_rows using p_filter, p_now, p_limit, p_offset, v_statuses;
  return jsonb_build_object('total', v_total, 'bookings', v_rows);
end;
$$;

-- The schedule and the default order read by date; the name sort by last name.
create index bookings1_date_idx on public.bookings1 (date, window_starts_at);
create index bookings1_name_idx on public.bookings1 (lower(last_name), lower(first_name));

revoke all on function
  public.office_booking_status(text, timestamptz, timestamptz, timestamptz, text, timestamptz),
  public.office_bookings_between(date, date),
  public.office_search_bookings(jsonb, text, integer, integer, timestamptz)
from public, anon, authenticated;
grant execute on function
  public.office_booking_status(text, timestamptz, timestamptz, timestamptz, text, timestamptz),
  public.office_bookings_between(date, date),
  public.office_search_bookings(jsonb, text, integer, integer, timestamptz)
to service_role;

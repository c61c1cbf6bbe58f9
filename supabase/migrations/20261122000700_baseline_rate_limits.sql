-- Rate limits shared by every server process on this database, surviving restarts:
-- one row per limited client, by a keyed hash of its address (the app hashes it with a secret of
-- app_secrets before calling; no address is stored), holding the one number the generic cell rate
-- algorithm needs: when that client's bucket is full again.
create table public.rate_limits (
  key text primary key check (length(key) <= 200),
  full_at timestamptz not null
);

-- The cleaning below finds the rows that carry no history any more (bucket full again) oldest first.
create index rate_limits_full_at_idx on public.rate_limits (full_at);

alter table public.rate_limits enable row level security;

revoke all on table public.rate_limits from public, anon, authenticated;

-- The function runs as its caller (the service role), which therefore writes the rows itself.
grant select, insert, update, delete on table public.rate_limits to service_role;

-- One request of `p_key` against a limit of `p_limit` requests per `p_window_seconds`: a burst of
-- `p_limit`, then one more every window ÷ limit; a refused request costs nothing. The same
-- algorithm as the app's former in-memory limiter, so the settings keep their meaning.
-- `p_now` is for tests; the app passes null and every process reads the database's one clock.
-- Answers {allowed, remaining, retryAfterSeconds} (retryAfterSeconds at least 1 when refused).
--
-- The table cannot grow without bound: a row whose bucket is full again says nothing more than a
-- missing row, and each call deletes up to four such rows (oldest first, skipping rows another call
-- holds), while it adds at most one. So the table holds about the clients seen within the longest
-- window, whatever the number of distinct addresses that ever came.
create function public.take_rate_limit(p_key text, p_limit integer, p_window_seconds integer, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_now timestamptz := coalesce(p_now, statement_timestamp());
  v_interval interval;
  v_tolerance interval;
  v_full timestamptz;
begin
  if p_key is null or p_limit is null or p_limit < 1 or p_window_seconds is null or p_window_seconds < 1 then
    raise exception 'take_rate_limit: a key, a positive limit and a positive window are required'
      using errcode = '22023';
  end if;
  -- The time one request takes to refill (at least the clock's microsecond, for a huge limit); the
  -- bucket may be booked this far ahead of now (limit − 1 intervals, not window − interval: the same
  -- rounding on both sides keeps the burst exact).
  v_interval := greatest(make_interval(secs => p_window_seconds::double precision / p_limit), interval '1 microsecond');
  v_tolerance := v_interval * (p_limit - 1);

  -- Take the request if the bucket has room: one statement, under the row's lock (also when it
  -- refuses), so concurrent calls from any process count one after the other.
  insert into public.rate_limits as r (key, full_at)
  values (p_key, v_now + v_interval)
  on conflict (key) do update
    set full_at = greatest(r.full_at, v_now) + v_interval
    where greatest(r.full_at, v_now) - v_now <= v_tolerance
  returning r.full_at into v_full;

  -- Then forget up to four other clients whose bucket is full again. Second, and skipping rows
  -- another call holds, so a call only ever waits for its own client's row, before holding any
  -- other: two calls can never wait for each other.
  delete from public.rate_limits
  where key in (
    select r.key from public.rate_limits r
    where r.full_at <= v_now and r.key <> p_key
    order by r.full_at
    limit 4
    for update skip locked
  );

  if v_full is not null then
    return jsonb_build_object(
      'allowed', true,
      'remaining', greatest(0, p_limit - ceil(extract(epoch from v_full - v_now) / extract(epoch from v_interval)))::integer,
      'retryAfterSeconds', 0
    );
  end if;

  -- Refused, nothing written: when the bucket has room for one again.
  select r.full_at into v_full from public.rate_limits r where r.key = p_key;
  return jsonb_build_object(
    'allowed', false,
    'remaining', 0,
    'retryAfterSeconds', greatest(1, ceil(extract(epoch from v_full - v_tolerance - v_now)))::integer
  );
end;
$$;


-- Functions of this baseline: only the app's server (the service role) calls them.
revoke all on function
  public.take_rate_limit(text,integer,integer,timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.take_rate_limit(text,integer,integer,timestamptz)
  to service_role;

-- Several server processes on one database (issue 21): a process that stops gracefully hands back
-- the outbox messages it claimed but did not start sending, so another process sends them at once
-- instead of after the lease; and a load balancer's health check reads the age of the oldest unsent
-- e-mail cheaply. Runs unchanged on Supabase, a plain PostgreSQL server and the embedded PGlite.

-- The oldest unsent messages, found without reading the sent ones (which only grow).
create index email_outbox_pending_created_at_idx on public.email_outbox (created_at) where status = 'pending';

-- Hands back claims: p_claims is a JSON array of {"id": uuid, "lock_token": uuid}, the claims the
-- stopping worker holds. Only a claim that is still this worker's is released (a lease that ran out
-- and was taken by another worker is left alone), and the attempt its claim counted is given back,
-- since nothing was tried. Answers how many were released.
create function public.release_outbox_messages(p_claims jsonb) returns integer
language plpgsql
set search_path = ''
as $$
declare
  released integer;
begin
  if jsonb_typeof(p_claims) is distinct from 'array' then
    raise exception 'p_claims must be a JSON array' using errcode = '22023';
  end if;
  update public.email_outbox as o
  set locked_until = null, lock_token = null, attempts = greatest(o.attempts - 1, 0)
  from jsonb_to_recordset(p_claims) as c(id uuid, lock_token uuid)
  where o.id = c.id and o.lock_token = c.lock_token and o.status = 'pending';
  get diagnostics released = row_count;
  return released;
end;
$$;

-- Whole seconds since the oldest message still to be sent was queued (pending, whether due now or
-- waiting for a retry); null when every message has gone out or been given up.
create function public.oldest_unsent_email_seconds() returns integer
language sql
stable
set search_path = ''
as $$
  select floor(extract(epoch from now() - min(created_at)))::integer
  from public.email_outbox
  where status = 'pending';
$$;

revoke all on function
  public.release_outbox_messages(jsonb),
  public.oldest_unsent_email_seconds()
  from public, anon, authenticated;
grant execute on function
  public.release_outbox_messages(jsonb),
  public.oldest_unsent_email_seconds()
  to service_role;

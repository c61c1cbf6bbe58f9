-- Saved cards (issue 24): the local test checkout keeps a test card for a plan's later visits and
-- charges it off-session like Stripe would (idempotent on the key, declining when the visitor chose
-- "this test card declines later charges"), a card-update checkout (Stripe's setup mode) saves a new
-- one; and `replace_plan_card` puts a plan's new card in place and sends its declined visits back to
-- the charge job. Nothing here charges a real card: the test tables record what Stripe would have
-- been asked. Row level security on, nothing for anon and authenticated, as before.

-- ------------------------------------------------------------------------------------------------
-- The test checkout: a session that keeps the card, the cards, the charges, card-update sessions
-- ------------------------------------------------------------------------------------------------

alter table public.test_checkout_sessions
  -- Made with `saveCard` (a plan's first visit): completing it keeps a test card.
  add column save_card boolean not null default false,
  -- The visitor's choice on the page: this test card declines the later charges.
  add column card_declines boolean not null default false,
  -- The card kept when the session was paid (save_card only).
  add column customer_id text,
  add column payment_method_id text,
  add column card_label text;

-- A test card: test_cus_… / test_pm_…, as Stripe's cus_… / pm_…. `declines`: every charge of it is declined.
create table public.test_checkout_cards (
  id text primary key check (id ~ '^test_pm_[0-9a-f]{32}$'),
  customer_id text not null check (customer_id ~ '^test_cus_[0-9a-f]{32}$'),
  declines boolean not null,
  label text not null,
  -- The checkout (first visit) or card update that saved it.
  session_id text not null,
  created_at timestamptz not null
);
create index test_checkout_cards_customer on public.test_checkout_cards (customer_id);

-- An off-session test charge (Stripe's PaymentIntent): one per idempotency key.
create table public.test_checkout_charges (
  id text primary key check (id ~ '^test_pi_[0-9a-f]{32}$'),
  customer_id text not null,
  payment_method_id text not null references public.test_checkout_cards (id),
  amount_cents integer not null check (amount_cents > 0),
  status text not null check (status in ('succeeded', 'declined')),
  description text not null,
  booking_id text,
  plan_id text not null,
  idempotency_key text not null unique,
  created_at timestamptz not null
);

-- A card-update checkout (Stripe Checkout in setup mode): saves a new test card for a plan's customer.
create table public.test_checkout_card_updates (
  id text primary key check (id ~ '^test_cs_[0-9a-f]{32}$'),
  plan_id text not null,
  customer_id text not null,
  success_url text not null,
  cancel_url text not null,
  idempotency_key text not null unique,
  status text not null default 'open' check (status in ('open', 'saved', 'cancelled')),
  card_declines boolean not null default false,
  payment_method_id text references public.test_checkout_cards (id),
  card_label text,
  created_at timestamptz not null,
  completed_at timestamptz,
  check ((status = 'open') = (completed_at is null)),
  check ((status = 'saved') = (payment_method_id is not null))
);

alter table public.test_checkout_cards enable row level security;
alter table public.test_checkout_charges enable row level security;
alter table public.test_checkout_card_updates enable row level security;
revoke all on table public.test_checkout_cards, public.test_checkout_charges, public.test_checkout_card_updates from public, anon, authenticated;
grant select, insert, update on table public.test_checkout_cards, public.test_checkout_charges, public.test_checkout_card_updates to service_role;

-- A new test id: the prefix and 32 hex characters.
create function public.new_test_checkout_id(p_prefix text) returns text
language sql
volatile
set search_path = ''
as $$
  select p_prefix || replace(gen_random_uuid()::text, '-', '')
$$;

-- A new test card for p_customer (a new customer when null): Stripe's test numbers, as people read them.
create function public.save_test_checkout_card(p_customer_id text, p_declines boolean, p_session_id text, p_now timestamptz)
returns public.test_checkout_cards
language plpgsql
set search_path = ''
as $$
declare
  v_card public.test_checkout_cards;
begin
  insert into public.test_checkout_cards (id, customer_id, declines, label, session_id, created_at)
  values (
    public.new_test_checkout_id('test_pm_'),
    coalesce(p_customer_id, public.new_test_checkout_id('test_cus_')),
    p_declines,
    -- 4242 4242 4242 4242 charges, 4000 0000 0000 0002 declines (Stripe's test cards).
    case when p_declines then 'Visa ending 0002' else 'Visa ending 4242' end,
    p_session_id,
    p_now
  )
  returning * into v_card;
  return v_card;
end;
$$;

create or replace function public.test_checkout_session_json(s public.test_checkout_sessions) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when s.id is null then null else jsonb_build_object(
    'id', s.id,
    'booking_id', s.booking_id,
    'amount_cents', s.amount_cents,
    'currency', s.currency,
    'description', s.description,
    'success_url', s.success_url,
    'cancel_url', s.cancel_url,
    'idempotency_key', s.idempotency_key,
    'status', s.status,
    'created_at', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completed_at', case when s.completed_at is null then null
      else to_char(s.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
    'save_card', s.save_card,
    'card_declines', s.card_declines,
    'customer_id', s.customer_id,
    'payment_method_id', s.payment_method_id,
    'card_label', s.card_label
  ) end
$$;

-- As before, with `save_card` from the session asked for.
create or replace function public.save_test_checkout_session(p_session jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.test_checkout_sessions;
begin
  insert into public.test_checkout_sessions (
    id, booking_id, amount_cents, currency, description, success_url, cancel_url, idempotency_key, status, created_at, save_card
  )
  select r.id, r.booking_id, r.amount_cents, r.currency, r.description, r.success_url, r.cancel_url, r.idempotency_key,
    'open', r.created_at, coalesce((p_session ->> 'save_card')::boolean, false)
  from jsonb_populate_record(null::public.test_checkout_sessions, p_session) as r
  on conflict (idempotency_key) do nothing
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from public.test_checkout_sessions where idempotency_key = p_session ->> 'idempotency_key';
  end if;
  return public.test_checkout_session_json(v_row);
end;
$$;

-- The visitor's choice on an open session's page ("this test card declines later charges"), made
-- with Pay or Save: p_choice {"declines": true|false}. A finished session keeps its card as it was.
create function public.choose_test_checkout_card(p_id text, p_choice jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_declines boolean := coalesce((p_choice ->> 'declines')::boolean, false);
begin
  update public.test_checkout_sessions set card_declines = v_declines where id = p_id and status = 'open';
  if found then
    return jsonb_build_object('status', 'chosen', 'kind', 'payment');
  end if;
  update public.test_checkout_card_updates set card_declines = v_declines where id = p_id and status = 'open';
  if found then
    return jsonb_build_object('status', 'chosen', 'kind', 'card_update');
  end if;
  return jsonb_build_object('status', 'unchanged');
end;
$$;

-- As before (the first outcome wins), and a session paid with save_card keeps its test card.
create or replace function public.complete_test_checkout_session(p_id text, p_outcome text, p_completed_at timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.test_checkout_sessions;
  v_card public.test_checkout_cards;
begin
  update public.test_checkout_sessions
  set status = p_outcome, completed_at = p_completed_at
  where id = p_id and status = 'open'
  returning * into v_row;
  if v_row.id is not null and v_row.status = 'paid' and v_row.save_card then
    v_card := public.save_test_checkout_card(null, v_row.card_declines, v_row.id, p_completed_at);
    update public.test_checkout_sessions
    set customer_id = v_card.customer_id, payment_method_id = v_card.id, card_label = v_card.label
    where id = p_id
    returning * into v_row;
  end if;
  if v_row.id is null then
    select * into v_row from public.test_checkout_sessions where id = p_id;
  end if;
  return public.test_checkout_session_json(v_row);
end;
$$;

-- Charges a test card off-session, once per key. Answers {"status": "charged", "charge": {…}} (the
-- charge made first with this key, succeeded or declined), "key_reused" (the key with another card
-- or amount, as Stripe refuses it) or "no_card" (no such card for this customer).
create function public.charge_test_checkout_card(p_charge jsonb, p_now timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_card public.test_checkout_cards;
  v_row public.test_checkout_charges;
begin
  select * into v_row from public.test_checkout_charges where idempotency_key = p_charge ->> 'idempotency_key';
  if v_row.id is null then
    select * into v_card from public.test_checkout_cards
    where id = p_charge ->> 'payment_method_id' and customer_id = p_charge ->> 'customer_id';
    if v_card.id is null then
      return jsonb_build_object('status', 'no_card');
    end if;
    insert into public.test_checkout_charges (
      id, customer_id, payment_method_id, amount_cents, status, description, booking_id, plan_id, idempotency_key, created_at
    ) values (
      public.new_test_checkout_id('test_pi_'), v_card.customer_id, v_card.id, (p_charge ->> 'amount_cents')::integer,
      case when v_card.declines then 'declined' else 'succeeded' end,
      p_charge ->> 'description', p_charge ->> 'booking_id', p_charge ->> 'plan_id', p_charge ->> 'idempotency_key', p_now
    )
    on conflict (idempotency_key) do nothing
    returning * into v_row;
    if v_row.id is null then
      -- Another process charged with this key meanwhile: its charge is the answer.
      select * into v_row from public.test_checkout_charges where idempotency_key = p_charge ->> 'idempotency_key';
    end if;
  end if;
  if v_row.payment_method_id <> p_charge ->> 'payment_method_id' or v_row.amount_cents <> (p_charge ->> 'amount_cents')::integer then
    return jsonb_build_object('status', 'key_reused');
  end if;
  return jsonb_build_object('status', 'charged', 'charge', to_jsonb(v_row));
end;
$$;

-- A card-update session as the app reads it; null for none.
create function public.test_checkout_card_update_json(u public.test_checkout_card_updates) returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case when u.id is null then null else jsonb_build_object(
    'id', u.id,
    'plan_id', u.plan_id,
    'customer_id', u.customer_id,
    'success_url', u.success_url,
    'cancel_url', u.cancel_url,
    'idempotency_key', u.idempotency_key,
    'status', u.status,
    'card_declines', u.card_declines,
    'payment_method_id', u.payment_method_id,
    'card_label', u.card_label,
    'created_at', to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completed_at', case when u.completed_at is null then null
      else to_char(u.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end
  ) end
$$;

-- Stores a new open card-update session, unless its key has one: then that one is answered.
create function public.save_test_checkout_card_update(p_session jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.test_checkout_card_updates;
begin
  insert into public.test_checkout_card_updates (id, plan_id, customer_id, success_url, cancel_url, idempotency_key, created_at)
  values (p_session ->> 'id', p_session ->> 'plan_id', p_session ->> 'customer_id', p_session ->> 'success_url',
    p_session ->> 'cancel_url', p_session ->> 'idempotency_key', (p_session ->> 'created_at')::timestamptz)
  on conflict (idempotency_key) do nothing
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from public.test_checkout_card_updates where idempotency_key = p_session ->> 'idempotency_key';
  end if;
  return public.test_checkout_card_update_json(v_row);
end;
$$;

create function public.get_test_checkout_card_update(p_id text) returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.test_checkout_card_update_json(u) from public.test_checkout_card_updates u where u.id = p_id
$$;

-- Save (a new test card for the plan's customer, declining if so chosen) or Cancel; the first
-- outcome wins, a finished session is answered unchanged. Null for an unknown id.
create function public.complete_test_checkout_card_update(p_id text, p_outcome text, p_completed_at timestamptz) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_row public.test_checkout_card_updates;
  v_card public.test_checkout_cards;
begin
  select * into v_row from public.test_checkout_card_updates where id = p_id for update;
  if v_row.id is not null and v_row.status = 'open' then
    if p_outcome = 'saved' then
      v_card := public.save_test_checkout_card(v_row.customer_id, v_row.card_declines, v_row.id, p_completed_at);
      update public.test_checkout_card_updates
      set status = 'saved', completed_at = p_completed_at, payment_method_id = v_card.id, card_label = v_card.label
      where id = p_id
      returning * into v_row;
    else
      update public.test_checkout_card_updates set status = 'cancelled', completed_at = p_completed_at where id = p_id
      returning * into v_row;
    end if;
  end if;
  return public.test_checkout_card_update_json(v_row);
end;
$$;

-- As before, and a test off-session charge (test_pi_…) is refunded like a paid session.
create or replace function public.create_test_checkout_refund(p_id text, p_session_id text, p_amount_cents integer, p_key text, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_paid integer;
  r public.test_checkout_refunds;
  v_refunded integer;
begin
  if p_session_id like 'test_pi\_%' then
    select amount_cents into v_paid from public.test_checkout_charges where id = p_session_id and status = 'succeeded' for update;
  else
    select amount_cents into v_paid from public.test_checkout_sessions where id = p_session_id and status = 'paid' for update;
  end if;
  select * into r from public.test_checkout_refunds where idempotency_key = p_key;
  if found then
    if r.session_id <> p_session_id or r.amount_cents <> p_amount_cents then
      return jsonb_build_object('status', 'key_reused');
    end if;
    return jsonb_build_object('status', 'refunded', 'refund', to_jsonb(r));
  end if;
  if v_paid is null then
    return jsonb_build_object('status', 'not_paid');
  end if;
  select coalesce(sum(amount_cents), 0) into v_refunded from public.test_checkout_refunds where session_id = p_session_id;
  if p_amount_cents > v_paid - v_refunded then
    return jsonb_build_object('status', 'too_much');
  end if;
  insert into public.test_checkout_refunds (id, session_id, amount_cents, idempotency_key, created_at)
  values (p_id, p_session_id, p_amount_cents, p_key, p_now)
  returning * into r;
  return jsonb_build_object('status', 'refunded', 'refund', to_jsonb(r));
end;
$$;

-- ------------------------------------------------------------------------------------------------
-- A plan's new card
-- ------------------------------------------------------------------------------------------------

-- Each card update that was recorded: the same session again changes nothing.
create table public.plan_card_updates (
  session_id text primary key,
  plan_id uuid not null references public.booking_plans (id),
  payment_provider text not null,
  payment_customer_id text not null,
  payment_method_id text not null,
  card_label text,
  card_generation integer not null,
  -- Declined visits sent back to the charge job by this card.
  rescheduled integer not null,
  created_at timestamptz not null
);
create index plan_card_updates_plan on public.plan_card_updates (plan_id, created_at);
alter table public.plan_card_updates enable row level security;
revoke all on table public.plan_card_updates from public, anon, authenticated;
grant select, insert on table public.plan_card_updates to service_role;

-- The customer saved a new card for the plan (card-update session p_session_id): the plan keeps it
-- (card_generation + 1, so a visit declined on the old card gets a new idempotency key), and the
-- plan's declined visits still holding their place go back to 'scheduled', due now, so the charge
-- job charges them at its next run. p_card: {"provider", "customer_id", "payment_method_id", "label"}.
-- Answers {"status": "replaced" | "already", "card_generation", "rescheduled"}, or "not_found",
-- "cancelled" (a cancelled plan keeps no card).
create function public.replace_plan_card(p_plan_id uuid, p_session_id text, p_card jsonb, p_now timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_plan public.booking_plans;
  v_done public.plan_card_updates;
  v_rescheduled integer;
begin
  select * into v_plan from public.booking_plans where id = p_plan_id for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  select * into v_done from public.plan_card_updates where session_id = p_session_id;
  if found then
    if v_done.plan_id <> p_plan_id then
      return jsonb_build_object('status', 'not_found');
    end if;
    return jsonb_build_object('status', 'already', 'card_generation', v_done.card_generation, 'rescheduled', v_done.rescheduled);
  end if;
  if v_plan.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  update public.booking_plans
  set payment_provider = p_card ->> 'provider',
      payment_customer_id = p_card ->> 'customer_id',
      payment_method_id = p_card ->> 'payment_method_id',
      card_label = p_card ->> 'label',
      card_generation = card_generation + 1,
      updated_at = p_now
  where id = p_plan_id
  returning * into v_plan;
  update public.bookings1
  set charge_state = 'scheduled', charge_due_at = p_now, card_deadline_at = null,
      charge_lock_token = null, charge_locked_until = null, updated_at = p_now
  where plan_id = p_plan_id and charge_state = 'declined' and cancelled_at is null and payment_status = 'scheduled';
  get diagnostics v_rescheduled = row_count;
  insert into public.plan_card_updates (session_id, plan_id, payment_provider, payment_customer_id, payment_method_id, card_label, card_generation, rescheduled, created_at)
  values (p_session_id, p_plan_id, p_card ->> 'provider', p_card ->> 'customer_id', p_card ->> 'payment_method_id', p_card ->> 'label',
    v_plan.card_generation, v_rescheduled, p_now);
  return jsonb_build_object('status', 'replaced', 'card_generation', v_plan.card_generation, 'rescheduled', v_rescheduled);
end;
$$;

revoke all on function
  public.new_test_checkout_id(text),
  public.save_test_checkout_card(text, boolean, text, timestamptz),
  public.choose_test_checkout_card(text, jsonb),
  public.charge_test_checkout_card(jsonb, timestamptz),
  public.test_checkout_card_update_json(public.test_checkout_card_updates),
  public.save_test_checkout_card_update(jsonb),
  public.get_test_checkout_card_update(text),
  public.complete_test_checkout_card_update(text, text, timestamptz),
  public.replace_plan_card(uuid, text, jsonb, timestamptz)
from public, anon, authenticated;
grant execute on function
  public.new_test_checkout_id(text),
  public.save_test_checkout_card(text, boolean, text, timestamptz),
  public.choose_test_checkout_card(text, jsonb),
  public.charge_test_checkout_card(jsonb, timestamptz),
  public.test_checkout_card_update_json(public.test_checkout_card_updates),
  public.save_test_checkout_card_update(jsonb),
  public.get_test_checkout_card_update(text),
  public.complete_test_checkout_card_update(text, text, timestamptz),
  public.replace_plan_card(uuid, text, jsonb, timestamptz)
to service_role;

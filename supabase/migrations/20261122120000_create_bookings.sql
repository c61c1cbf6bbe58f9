-- Bookings of the four paid booking screens (spec §3, decisions.md "Bookings and payment").
--
-- Runs unchanged on Supabase, on a plain PostgreSQL server and on the embedded PGlite: the Supabase
-- roles are created here only where they do not exist yet. The browser never reaches this table:
-- the app's server routes use the service role, anon and authenticated get nothing (RLS on, no
-- policy, no privilege). New Supabase projects no longer expose a new public table to the Data API
-- until it is granted, hence the explicit grant to service_role. Quote requests and other forms get
-- their own migration.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    -- As on Supabase: the service role bypasses row level security.
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

create table public.bookings1 (
  id uuid primary key default gen_random_uuid(),
  industry text not null check (industry in ('house', 'exterior', 'carpet', 'commercial')),

  -- customer
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text not null,
  address text not null,
  notes text,

  -- what was booked (which fields are used depends on the industry, spec §3)
  location text,
  service text,
  frequency text,
  bedrooms integer check (bedrooms >= 0),
  bathrooms integer check (bathrooms >= 0),
  half_bath integer check (half_bath >= 0),
  den integer check (den >= 0),
  extras jsonb,        -- extra name -> count
  instructions jsonb,  -- question -> answer (house), {"keyInfo": …} (exterior), the choice as a string (carpet)
  date date,
  tip text,            -- as chosen, e.g. '10%'
  parking_fee text,    -- as chosen, e.g. '$5'
  hours integer check (hours >= 0),
  minutes integer check (minutes >= 0),
  rooms integer check (rooms >= 0),
  stairs integer check (stairs >= 0),

  -- money: computed by the server in integer cents; dollars kept beside them as the spec stores them
  coupon text,
  discount numeric(10, 2) check (discount >= 0),
  discount_cents integer check (discount_cents >= 0),
  amount numeric(10, 2),
  amount_cents integer not null check (amount_cents >= 50),  -- the card provider's minimum charge
  constraint bookings1_amount_matches_cents check (amount is null or amount * 100 = amount_cents),
  constraint bookings1_discount_matches_cents check (discount is null or discount_cents is null or discount * 100 = discount_cents),

  -- payment
  payment_status text not null default 'pending'
    check (payment_status in ('pending', 'paid', 'cancelled', 'expired', 'failed')),
  payment_provider text,
  payment_session_id text unique,
  idempotency_key uuid not null unique,
  constraint bookings1_paid_has_paid_at check (payment_status <> 'paid' or paid_at is not null),

  created_at timestamptz not null default now(),
  updated_at timestamptz,
  paid_at timestamptz
);

create index bookings1_created_at_idx on public.bookings1 (created_at);

alter table public.bookings1 enable row level security;
-- No policy at all: anon and authenticated can neither read nor write, even if granted by default.
revoke all on table public.bookings1 from public, anon, authenticated;
grant select, insert, update on table public.bookings1 to service_role;

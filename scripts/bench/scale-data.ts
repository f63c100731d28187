/**
 * Data for the scale bench, written in bulk SQL (generate_series, one statement per batch of events) so
 * a hundred seasons take minutes: at scale 1 a season of 1,000 events (past ones closed and paid out,
 * upcoming ones taking orders), 10 trucks with 5 dishes each, 50 organizers, 30 orders per event with
 * their line, their status transitions and their mail, a support conversation per 10 events with 10
 * messages. `growSeason` adds the rows between two scales, so one database grows from 1× to 10× to 100×.
 *
 * The figures are taken on fixed "probe" accounts seeded once, whose own data does not grow with the
 * season (an organizer with 40 events, one of them with 100,000 orders; a truck with 300 closed, paid
 * events; a support conversation of 200 messages): a flat figure means the rest of the database does
 * not cost them anything.
 *
 * Triggers are off while seeding (`session_replication_role = replica`): the pickup codes they would
 * draw are written here instead, the order counters they keep are counted after each batch, and no
 * instance is listening for their notifications.
 */
import pg from 'pg';
import { hashPassword } from '../../src/server/auth/passwords';
import { PICKUP_CODE_ALPHABET } from '../../src/core/fulfilment';

export const PROBE_PASSWORD = 'scale-bench-password-7391';
export const PER_SCALE = { events: 1_000, trucks: 10, organizers: 50, ordersPerEvent: 30 };
export const PROBE_EVENT_ORDERS = Number(process.env.BENCH_SCALE_PROBE_ORDERS ?? 100_000);
const PROBE_ORGANIZER_EVENTS = 40;
const PROBE_TRUCK_EVENTS = 300;
const PROBE_CHAT_MESSAGES = 200;
const BATCH_EVENTS = 2_000;

export interface Probes {
  organizerId: number;
  truckId: number;
  adminId: number;
  /** the probe organizer's upcoming event with PROBE_EVENT_ORDERS orders (cards saved), booked with the probe truck */
  bigEventId: number;
  /** an upcoming public event of the probe organizer with a season's usual 30 orders */
  eventId: number;
}

const DAY = 86_400_000;

/** SQL for a pickup code from a number (unique per event for numbers below 31⁵). */
function pickupCodeSql(n: string): string {
  const a = PICKUP_CODE_ALPHABET;
  return [0, 1, 2, 3, 4].map((k) => `substr('${a}', ((${n}) / ${31 ** k} % 31)::int + 1, 1)`).join(' || ');
}

/** Orders (with line, transitions and mail) for the events `eventWhere` selects, `per` each. */
async function addOrders(client: pg.Client, eventWhere: string, per: number): Promise<void> {
  // Upcoming events (two days out or more) saved their diners' cards, closed ones charged them.
  await client.query(`
    insert into pending_orders (event_id, customer_name, customer_email, stripe_payment_intent_id, mode,
      capture_method, status, total_amount, subtotal_amount, owner_session_key, authorized_at, charged_at,
      pickup_code, created_at, updated_at)
    select e.id, 'Diner ' || j, 'diner' || j || '.' || e.id || '@example.com', 'pi_scale_' || e.id || '_' || j,
      case when e.status = 'closed' then 'hold' else 'save' end, 'manual',
      case when e.status = 'closed' then 'charged' else 'confirmed' end,
      1260, 1200, 'guest:' || md5(e.id || ':' || j),
      case when e.status = 'closed' then e.starts_at - interval '3 days' else now() - interval '1 hour' end,
      case when e.status = 'closed' then e.starts_at - interval '1 day' end,
      ${pickupCodeSql('j')}, e.approval_date + interval '1 hour', e.approval_date + interval '1 hour'
    from events e cross join generate_series(0, ${per - 1}) j
    where ${eventWhere}`);
  const orders = `select o.id, o.status, o.created_at, o.customer_email, o.charged_at, e.food_truck_id
    from pending_orders o join events e on e.id = o.event_id where ${eventWhere}`;
  await client.query(`
    insert into pending_order_items (pending_order_id, menu_item_id, quantity, price_at_time, base_price_at_time)
    select o.id, m.menu_item_id, 1, 1260, 1200 from (${orders}) o join scale_first_dish m on m.truck_id = o.food_truck_id`);
  await client.query(`
    insert into status_transitions (entity, entity_id, from_status, to_status, reason, at)
    select 'order', o.id, 'pending', 'confirmed', 'card held', o.created_at from (${orders}) o
    union all
    select 'order', o.id, 'confirmed', 'charged', 'goal reached', o.charged_at from (${orders}) o where o.status = 'charged'`);
  await client.query(`
    insert into outbox (kind, recipient, subject, text_body, status, attempts, next_attempt_at, thread, created_at, sent_at)
    select 'order-held', o.customer_email, 'Your pre-order is in', 'Your card is held until the goal is reached.',
      'sent', 1, o.created_at, 'order:' || o.id, o.created_at, o.created_at from (${orders}) o`);
}

/** The first dish of every truck, which the seeded orders order. */
async function refreshDishes(client: pg.Client): Promise<void> {
  await client.query(`drop table if exists scale_first_dish`);
  await client.query(`create unlogged table scale_first_dish as
    select food_truck_id as truck_id, min(id) as menu_item_id from menu_items group by food_truck_id`);
  await client.query(`create index on scale_first_dish (truck_id)`);
}

async function addDishes(client: pg.Client, truckWhere: string): Promise<void> {
  await client.query(`
    insert into menu_items (food_truck_id, name, description, price, category)
    select u.id, 'Dish ' || d, 'Slow-cooked, served with salsa and lime', 1000 + d * 100,
      case when d < 4 then 'Entree' else 'Drink' end
    from users u cross join generate_series(0, 4) d where ${truckWhere}`);
}

/**
 * Events for the season numbers [from, to): a third upcoming (approved, short of their goal), the rest
 * past (closed, paid out). `organizer`/`truck`/`offset` (days from today) are SQL of the number `i`.
 */
function eventsSql(
  from: number,
  to: number,
  organizer: string,
  truck: string,
  now: number,
  // Days from now: -365 … +180, never within a day of now (nothing due while the bench runs).
  offset = `(case when i % 3 = 0 then 2 + (i * 7919 % 178) else -2 - (i * 7919 % 363) end)`,
): string {
  const nowSql = `'${new Date(now).toISOString()}'::timestamptz`;
  return `
    insert into events (title, date, start_time, end_time, time_zone, starts_at, ends_at, location,
      expected_diners, organizer_id, status, approval_date, current_sales, minimum_sales, food_truck_id,
      price_markup_percentage, created_at, updated_at)
    select 'Season event ' || i, (d.day at time zone 'UTC')::date, '11:00', '14:00', 'UTC',
      d.day + interval '11 hours', d.day + interval '14 hours', (100 + i % 900) || ' Main St, Austin, TX',
      80, ${organizer}, case when ${offset} > 0 then 'approved' else 'closed' end,
      least(d.day - interval '20 days', ${nowSql} - interval '1 day'), ${PER_SCALE.ordersPerEvent * 1200},
      case when ${offset} > 0 then 100000 else 30000 end, ${truck}, 500,
      least(d.day - interval '21 days', ${nowSql} - interval '2 days'),
      least(d.day - interval '20 days', ${nowSql} - interval '1 day')
    from generate_series(${from}, ${to - 1}) i,
      lateral (select date_trunc('day', ${nowSql}) + (${offset}) * interval '1 day' as day) d`;
}

/**
 * The order counters the triggers would have kept (docs/decisions/200-order-totals-kept-as-counters.md),
 * counted for the events `ids` selects by the migration's own function.
 */
async function countTallies(client: pg.Client, ids: string): Promise<void> {
  await client.query(`select recount_event_tallies(array(${ids}))`);
}

async function addPayouts(client: pg.Client, eventWhere: string): Promise<void> {
  await client.query(`
    insert into payouts (event_id, party, recipient_id, planned_amount, transfer_id, transferred_amount, paid_at,
      checked_at, created_at, updated_at)
    select e.id, p.party, case when p.party = 'truck' then e.food_truck_id else e.organizer_id end,
      case when p.party = 'truck' then 34200 else 1800 end, 'tr_scale_' || e.id || '_' || p.party,
      case when p.party = 'truck' then 34200 else 1800 end, e.ends_at + interval '3 days',
      e.ends_at + interval '3 days', e.ends_at + interval '3 days', e.ends_at + interval '3 days'
    from events e cross join (values ('truck'), ('organizer')) p(party)
    where e.status = 'closed' and ${eventWhere}`);
  await client.query(`
    update events e set payouts_opened_at = e.ends_at + interval '3 days'
    where e.status = 'closed' and ${eventWhere}`);
}

/** The probe accounts and their own data, once, into an empty (migrated) database. */
export async function seedProbes(url: string, now: number): Promise<Probes> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    const hash = await hashPassword(PROBE_PASSWORD);
    const user = async (username: string, role: string, extra = '') =>
      Number(
        (
          await client.query<{ id: number }>(
            `insert into users (username, username_key, password_hash, role, business_name, contact_email${extra ? ', cuisine, minimum_sales' : ''})
             values ($1, $1, $2, $3, $4, $5${extra ? `, ${extra}` : ''}) returning id`,
            [username, hash, role, role === 'foodtruck' ? 'Probe Tacos' : null, `${username}@example.com`],
          )
        ).rows[0]!.id,
      );
    const organizerId = await user('scale_organizer', 'organizer');
    const truckId = await user('scale_truck', 'foodtruck', `'Mexican', 30000`);
    const adminId = await user('scale_admin', 'admin');
    await addDishes(client, `u.id = ${truckId}`);
    await refreshDishes(client);
    // The truck's 300 closed, paid events (its payout statement and bookings), organized by the probe
    // organizer for the first 39 of them, so the dashboard has 40 events with the two below.
    const otherOrganizer = await user('scale_organizer_2', 'organizer');
    await client.query(
      eventsSql(
        0,
        PROBE_TRUCK_EVENTS,
        `case when i < ${PROBE_ORGANIZER_EVENTS - 2} then ${organizerId} else ${otherOrganizer} end`,
        String(truckId),
        now,
        `(-10 - i)`,
      ),
    );
    const day = new Date(now + 30 * DAY).toISOString().slice(0, 10);
    const insertEvent = async (title: string, orders: number) => {
      const { rows } = await client.query<{ id: number }>(
        `insert into events (title, date, start_time, end_time, time_zone, starts_at, ends_at, location,
          expected_diners, organizer_id, status, approval_date, current_sales, minimum_sales, food_truck_id,
          price_markup_percentage)
         values ($1, $2, '11:00', '14:00', 'UTC', $3, $4, '1 Probe Plaza, Austin, TX', 5000, $5, 'approved',
          $6, $7, $8, $9, 500) returning id`,
        [
          title,
          day,
          new Date(`${day}T11:00:00Z`),
          new Date(`${day}T14:00:00Z`),
          organizerId,
          new Date(now - DAY),
          orders * 1200,
          orders * 1200 + 100_000,
          truckId,
        ],
      );
      return rows[0]!.id;
    };
    const bigEventId = await insertEvent('Probe stadium night', PROBE_EVENT_ORDERS);
    const eventId = await insertEvent('Probe school fundraiser', PER_SCALE.ordersPerEvent);
    await addOrders(
      client,
      `e.food_truck_id = ${truckId} and e.id <> ${bigEventId}`,
      PER_SCALE.ordersPerEvent,
    );
    for (let from = 0; from < PROBE_EVENT_ORDERS; from += 50_000) {
      // The big event in slices, each its own statement.
      await addOrdersRange(client, bigEventId, from, Math.min(PROBE_EVENT_ORDERS, from + 50_000));
    }
    await addPayouts(client, `e.food_truck_id = ${truckId}`);
    await countTallies(client, `select id from events`);
    const { rows } = await client.query<{ id: number }>(
      `insert into chat_conversations (visitor_key, user_id, display_name, last_message_at)
       values ($1, $2, 'scale_organizer', $3) returning id`,
      [`user:${organizerId}`, organizerId, new Date(now)],
    );
    await client.query(
      `insert into chat_messages (id, conversation_id, type, text, sender, sender_role, timestamp, created_at)
       select 'probe-' || n, $1, 'message', 'Message ' || n, case when n % 2 = 0 then 'scale_organizer' else 'Support' end,
         case when n % 2 = 0 then 'visitor' else 'admin' end, $2::bigint - (${PROBE_CHAT_MESSAGES} - n) * 60000,
         to_timestamp(($2::bigint - (${PROBE_CHAT_MESSAGES} - n) * 60000) / 1000.0)
       from generate_series(1, ${PROBE_CHAT_MESSAGES}) n`,
      [rows[0]!.id, now],
    );
    return { organizerId, truckId, adminId, bigEventId, eventId };
  } finally {
    await client.end();
  }
}

/** Orders numbered [from, to) of one event (the big probe event). */
async function addOrdersRange(client: pg.Client, eventId: number, from: number, to: number): Promise<void> {
  await client.query(`
    insert into pending_orders (event_id, customer_name, customer_email, stripe_payment_intent_id, mode,
      capture_method, status, total_amount, subtotal_amount, owner_session_key, authorized_at, pickup_code,
      created_at, updated_at)
    select e.id, 'Diner ' || j, 'diner' || j || '.' || e.id || '@example.com', 'pi_scale_' || e.id || '_' || j,
      'save', 'manual', 'confirmed', 1260, 1200, 'guest:' || md5(e.id || ':' || j),
      now() - interval '1 hour', ${pickupCodeSql('j')}, now() - interval '1 hour', now() - interval '1 hour'
    from events e cross join generate_series(${from}, ${to - 1}) j where e.id = ${eventId}`);
  const orders = `select o.id, o.created_at, o.customer_email, e.food_truck_id from pending_orders o
    join events e on e.id = o.event_id where e.id = ${eventId} and o.stripe_payment_intent_id
    in (select 'pi_scale_' || ${eventId} || '_' || j from generate_series(${from}, ${to - 1}) j)`;
  await client.query(`
    insert into pending_order_items (pending_order_id, menu_item_id, quantity, price_at_time, base_price_at_time)
    select o.id, m.menu_item_id, 1, 1260, 1200 from (${orders}) o join scale_first_dish m on m.truck_id = o.food_truck_id`);
  await client.query(`
    insert into status_transitions (entity, entity_id, from_status, to_status, reason, at)
    select 'order', o.id, 'pending', 'confirmed', 'card held', o.created_at from (${orders}) o`);
  await client.query(`
    insert into outbox (kind, recipient, subject, text_body, status, attempts, next_attempt_at, thread, created_at, sent_at)
    select 'order-held', o.customer_email, 'Your pre-order is in', 'Your card is held until the goal is reached.',
      'sent', 1, o.created_at, 'order:' || o.id, o.created_at, o.created_at from (${orders}) o`);
}

/**
 * Grows the season from scale `from` to scale `to` (0 → 1 → 10 → 100): the accounts, events, orders,
 * mail and conversations between the two, then VACUUM (ANALYZE). `report` hears each step.
 */
export async function growSeason(
  url: string,
  from: number,
  to: number,
  now: number,
  report: (line: string) => void = () => {},
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query(`set synchronous_commit = off`);
    const hash = (await client.query<{ h: string }>(`select password_hash h from users limit 1`)).rows[0]!.h;
    const range = (per: number) => [from * per, to * per] as const;
    const [t0, t1] = range(PER_SCALE.trucks);
    const [o0, o1] = range(PER_SCALE.organizers);
    const [e0, e1] = range(PER_SCALE.events);
    await client.query(
      `insert into users (username, username_key, password_hash, role, business_name, cuisine, minimum_sales, contact_email)
       select 'season_truck_' || i, 'season_truck_' || i, $1, 'foodtruck', 'Season Truck ' || i, 'BBQ', 30000,
         'truck' || i || '@example.com' from generate_series(${t0}, ${t1 - 1}) i`,
      [hash],
    );
    await client.query(
      `insert into users (username, username_key, password_hash, role, contact_email)
       select 'season_organizer_' || i, 'season_organizer_' || i, $1, 'organizer', 'organizer' || i || '@example.com'
       from generate_series(${o0}, ${o1 - 1}) i`,
      [hash],
    );
    await addDishes(
      client,
      `u.username between 'season_truck_' and 'season_truck_~' and u.id not in
      (select food_truck_id from menu_items)`,
    );
    await refreshDishes(client);
    // Season numbers map onto every truck and organizer seeded so far, by their number.
    await client.query(`drop table if exists scale_accounts`);
    await client.query(`create unlogged table scale_accounts as
      select role, (substring(username from '_(\\d+)$'))::int as n, id from users
      where username like 'season\\_%'`);
    await client.query(`create index on scale_accounts (role, n)`);
    const truckCount = t1;
    const organizerCount = o1;
    report(`accounts to ${to}×`);
    for (let b = e0; b < e1; b += BATCH_EVENTS) {
      const end = Math.min(e1, b + BATCH_EVENTS);
      const { rows } = await client.query<{ max: number | null }>(`select max(id) from events`);
      const before = rows[0]!.max ?? 0;
      await client.query(
        eventsSql(
          b,
          end,
          `(select id from scale_accounts where role = 'organizer' and n = i % ${organizerCount})`,
          `(select id from scale_accounts where role = 'foodtruck' and n = i % ${truckCount})`,
          now,
        ),
      );
      const batch = `e.id > ${before}`;
      await addOrders(client, batch, PER_SCALE.ordersPerEvent);
      await addPayouts(client, batch);
      await countTallies(client, `select id from events e where ${batch}`);
      await client.query(
        `insert into chat_conversations (visitor_key, display_name, last_message_at, created_at)
         select 'guest:season-' || i, 'Guest ' || i, now() - (i % 365) * interval '1 day', now() - (i % 365) * interval '1 day'
         from generate_series(${b / 10}, ${end / 10 - 1}) i`,
      );
      await client.query(
        `insert into chat_messages (id, conversation_id, type, text, sender, sender_role, timestamp, created_at)
         select 'season-' || c.id || '-' || n, c.id, 'message', 'Question ' || n, c.display_name, 'visitor',
           (extract(epoch from c.created_at) * 1000)::bigint + n * 60000, c.created_at + n * interval '1 minute'
         from chat_conversations c cross join generate_series(1, 10) n
         where c.visitor_key between 'guest:season-' and 'guest:season-~'
           and (substring(c.visitor_key from '(\\d+)$'))::int between ${b / 10} and ${end / 10 - 1}`,
      );
      report(`events ${end.toLocaleString('en-US')} of ${e1.toLocaleString('en-US')}`);
    }
    // A season's database has been vacuumed by the time anyone reads it: without this, autovacuum
    // works through the millions of rows just written while the figures are taken, and its reads of
    // the big tables land in whichever answers happen to run beside it.
    await client.query(`vacuum (analyze)`);
  } finally {
    await client.end();
  }
}

import { and, asc, eq, gt, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { BOOKED_EVENT_STATUSES } from '../../core/availability';
import { DIETARY_TAGS, type DietaryTag } from '../../core/dietary';
import { boundingBox, EARTH_RADIUS_METERS, type LatLon } from '../../core/distance';
import { LIVE_EVENT_STATUSES } from '../../core/event-status';
import type {
  DirectoryTruckDto,
  TruckDirectoryPageDto,
  TruckDirectoryQuery,
  TruckPageDto,
} from '../../contract/trucks';
import type { Db } from '../db/client';
import { invalidPageCursor } from '../db/keyset-page';
import { events, menuItems, truckUnavailability, users } from '../db/schema';
import { DomainError } from '../domain-error';
import { readRatingSummaries } from '../reviews/review-queries';
import { readNextFreeDates } from './truck-availability';
import { toTruckDto } from './truck-dto';

const PAGE_SIZE = 12;

/**
 * The listed truck's id inside a subquery. Drizzle writes a column unqualified there, where `id`
 * would name the subquery's own table.
 */
const outerTruckId = sql.raw('"users"."id"');

/** A truck an organizer can book: it has a name, a minimum and at least one item on its menu. */
export function isListedTruck(): SQL {
  return and(
    eq(users.role, 'foodtruck'),
    sql`nullif(trim(${users.businessName}), '') is not null`,
    sql`${users.minimumSales} is not null`,
    sql`exists (select 1 from ${menuItems} where ${menuItems.foodTruckId} = ${outerTruckId}
      and ${menuItems.isActive} and ${menuItems.deletedAt} is null)`,
  )!;
}

const sortName = sql<string>`lower(${users.businessName})`;

/**
 * The page cursor: the last truck's sort key and id. By name, the key is its lowercased name; near a
 * place, its distance in whole metres (decision 197). A cursor of the other kind is refused.
 */
function encodeCursor(key: string | number, id: number): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

function decodeCursor<K extends 'string' | 'number'>(
  cursor: string,
  kind: K,
): { key: K extends 'string' ? string : number; id: number } {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const keyOk =
      kind === 'string' ? typeof key === 'string' : Number.isSafeInteger(key) && (key as number) >= 0;
    if (keyOk && Number.isSafeInteger(id) && (id as number) > 0)
      return { key: key as K extends 'string' ? string : number, id: id as number };
  } catch {
    // the same answer as any other nonsense
  }
  throw invalidPageCursor();
}

/** Where the directory measures from: a place found by the geocoder and a radius. */
export interface DirectoryOrigin extends LatLon {
  query: string;
  displayName: string;
  withinKm: number;
}

/** The truck's distance from `origin` in whole metres (Haversine, the same figures as src/core/distance). */
function distanceFrom(origin: LatLon): SQL<number> {
  return sql<number>`round(2 * ${EARTH_RADIUS_METERS}::float8 * asin(least(1, sqrt(
    power(sin(radians(${users.areaLat} - ${origin.lat}::float8) / 2), 2)
    + cos(radians(${origin.lat}::float8)) * cos(radians(${users.areaLat}))
      * power(sin(radians(${users.areaLon} - ${origin.lon}::float8) / 2), 2)))))::int`;
}

/** Trucks within the radius: the bounding box (through the coordinates' index), then the exact distance. */
function withinRadius(origin: DirectoryOrigin, distance: SQL<number>): SQL {
  const meters = origin.withinKm * 1000;
  const box = boundingBox(origin, meters);
  return and(
    isNotNull(users.areaLat),
    sql`${users.areaLat} between ${box.minLat}::float8 and ${box.maxLat}::float8`,
    box.lon ? sql`${users.areaLon} between ${box.lon.min}::float8 and ${box.lon.max}::float8` : undefined,
    sql`${distance} <= ${meters}`,
  )!;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A truck that can take an event on `date`: not booked, not marked unavailable, not its day off. */
function freeOn(date: string): SQL {
  return sql`not exists (select 1 from ${events} where ${events.foodTruckId} = ${outerTruckId}
      and ${events.date} = ${date} and ${inArray(events.status, [...BOOKED_EVENT_STATUSES])})
    and not exists (select 1 from ${truckUnavailability} where ${truckUnavailability.truckId} = ${outerTruckId}
      and ${truckUnavailability.startsOn} <= ${date} and ${truckUnavailability.endsOn} >= ${date})
    and not (extract(dow from ${date}::date)::int = any(${users.unavailableWeekdays}))`;
}

const menuItemCount = sql<number>`(select count(*)::int from ${menuItems} where ${menuItems.foodTruckId} = ${outerTruckId}
  and ${menuItems.isActive} and ${menuItems.deletedAt} is null)`;

/**
 * The truck offers a dietary tag: one of its active items carries it. The array test goes through
 * the items' GIN index when the tag is rare, or the truck's items when the truck comes first.
 */
function offersDiet(tag: DietaryTag): SQL {
  return sql`exists (select 1 from ${menuItems} where ${menuItems.foodTruckId} = ${outerTruckId}
      and ${menuItems.isActive} and ${menuItems.deletedAt} is null
      and ${menuItems.dietaryTags} @> array[${tag}]::text[])`;
}

/** The tags a truck's active items carry, in the list's order. */
const dietaryTagsOffered = sql<string[]>`(select coalesce(array_agg(distinct tag), '{}'::text[])
  from ${menuItems}, unnest(${menuItems.dietaryTags}) as tag
  where ${menuItems.foodTruckId} = ${outerTruckId} and ${menuItems.isActive} and ${menuItems.deletedAt} is null)`;

const inTagOrder = (tags: string[]) => DIETARY_TAGS.filter((tag) => tags.includes(tag));

/**
 * One page of the public truck directory with the filters of `query`: by name (keyset on name and id),
 * or, near a place (`origin`), nearest first within its radius (keyset on distance and id).
 */
export async function listTruckDirectory(
  db: Db,
  query: TruckDirectoryQuery,
  now: Date,
  origin: DirectoryOrigin | null = null,
): Promise<TruckDirectoryPageDto> {
  const limit = query.limit ?? PAGE_SIZE;
  const conditions: (SQL | undefined)[] = [isListedTruck()];
  if (query.q) conditions.push(ilike(users.businessName, `%${escapeLike(query.q)}%`));
  if (query.cuisine) conditions.push(sql`lower(${users.cuisine}) = lower(${query.cuisine})`);
  if (query.area) conditions.push(ilike(users.location, `%${escapeLike(query.area)}%`));
  // minimum_sales is numeric dollars in the database (moneyCents), and the filter is whole dollars.
  if (query.minFrom !== undefined) conditions.push(sql`${users.minimumSales} >= ${query.minFrom}`);
  if (query.minTo !== undefined) conditions.push(sql`${users.minimumSales} <= ${query.minTo}`);
  if (query.freeOn) conditions.push(freeOn(query.freeOn));
  if (query.diet) conditions.push(offersDiet(query.diet));
  const distance = origin ? distanceFrom(origin) : null;
  if (origin && distance) conditions.push(withinRadius(origin, distance));
  const listed = and(...conditions);

  let after: SQL | undefined;
  if (query.cursor && distance) {
    const { key, id } = decodeCursor(query.cursor, 'number');
    after = sql`(${distance}, ${users.id}) > (${key}::int, ${id}::int)`;
  } else if (query.cursor) {
    const { key, id } = decodeCursor(query.cursor, 'string');
    after = sql`(${sortName}, ${users.id}) > (${key}, ${id})`;
  }
  const sortKey = distance ?? sortName;

  const [rows, cuisines] = await Promise.all([
    db
      .select({ truck: users, menuItemCount, dietaryTags: dietaryTagsOffered, sortKey })
      .from(users)
      .where(and(listed, after))
      .orderBy(asc(sortKey), asc(users.id))
      .limit(limit + 1),
    // The filter's cuisines come with the first page; later pages only add trucks.
    after
      ? []
      : db
          .selectDistinct({ cuisine: users.cuisine })
          .from(users)
          .where(and(isListedTruck(), sql`nullif(trim(${users.cuisine}), '') is not null`))
          .orderBy(asc(users.cuisine)),
  ]);
  const page = rows.slice(0, limit);
  const ids = page.map((r) => r.truck.id);
  const [nextFree, ratings] = await Promise.all([
    readNextFreeDates(db, ids, now),
    readRatingSummaries(db, ids),
  ]);
  const last = page.at(-1);
  return {
    trucks: page.map((r) => ({
      ...toTruckDto(r.truck),
      menuItemCount: r.menuItemCount,
      nextFreeDate: nextFree.get(r.truck.id) ?? null,
      rating: ratings.get(r.truck.id) ?? null,
      dietaryTags: inTagOrder(r.dietaryTags),
      distanceMeters: distance ? Number(r.sortKey) : null,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.sortKey, last.truck.id) : null,
    cuisines: cuisines.map((c) => c.cuisine!).filter(Boolean),
    near: origin
      ? {
          query: origin.query,
          displayName: origin.displayName,
          lat: origin.lat,
          lon: origin.lon,
          withinKm: origin.withinKm,
        }
      : null,
  };
}

/** A listed truck's public page: its card, its week, and its next public events. */
export async function readTruckPage(db: Db, truckId: number, now: Date): Promise<TruckPageDto> {
  const [row] = await db
    .select({ truck: users, menuItemCount, dietaryTags: dietaryTagsOffered })
    .from(users)
    .where(and(eq(users.id, truckId), isListedTruck()));
  if (!row) throw new DomainError('truck_not_found', 'Food truck not found');
  const [nextFree, ratings, upcoming] = await Promise.all([
    readNextFreeDates(db, [truckId], now),
    readRatingSummaries(db, [truckId]),
    db
      .select({
        id: events.id,
        title: events.title,
        date: events.date,
        startTime: events.startTime,
        location: events.location,
      })
      .from(events)
      .where(
        and(
          eq(events.foodTruckId, truckId),
          inArray(events.status, [...LIVE_EVENT_STATUSES]),
          eq(events.hidden, false),
          gt(events.endsAt, now),
        ),
      )
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(10),
  ]);
  const card: DirectoryTruckDto = {
    ...toTruckDto(row.truck),
    menuItemCount: row.menuItemCount,
    nextFreeDate: nextFree.get(truckId) ?? null,
    rating: ratings.get(truckId) ?? null,
    dietaryTags: inTagOrder(row.dietaryTags),
    distanceMeters: null,
  };
  return {
    ...card,
    unavailableWeekdays: [...row.truck.unavailableWeekdays].sort(),
    upcomingEvents: upcoming,
  };
}

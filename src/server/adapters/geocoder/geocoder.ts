import { z } from 'zod';
import type { GeocodePlace } from '@contract/geo';
import { RequestSpacer, SpacerBusyError } from '../request-spacer';

/** One place as Nominatim answers it (coordinates are decimal strings): the API passes it on as is. */
export type { GeocodePlace };

export interface Geocoder {
  /** The best match first; an empty list when nothing matches. */
  search(query: string): Promise<GeocodePlace[]>;
}

/** The upstream service failed, timed out, answered nonsense, or too many lookups are waiting. */
export class GeocoderUnavailableError extends Error {
  constructor(
    message: string,
    readonly busy = false,
  ) {
    super(message);
    this.name = 'GeocoderUnavailableError';
  }
}

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const nominatimAnswer = z.array(
  z.object({
    lat: decimal,
    lon: decimal,
    display_name: z.string(),
    boundingbox: z.array(z.string()).optional(),
  }),
);

export interface NominatimGeocoderOptions {
  /** e.g. https://nominatim.openstreetmap.org */
  baseUrl: string;
  /** Nominatim's usage policy asks for one identifying the application and a contact. */
  userAgent: string;
  referer?: string | undefined;
  /** Default 1.1 s: at most one request a second (Nominatim's policy), with room for network jitter. */
  minIntervalMs?: number;
  /** Refuse a lookup that would queue longer than this behind others. */
  maxWaitMs?: number;
  timeoutMs?: number;
}

/** A Nominatim-compatible `/search` endpoint, spaced to one request a second per instance. */
export class NominatimGeocoder implements Geocoder {
  private readonly spacer: RequestSpacer;

  constructor(private readonly options: NominatimGeocoderOptions) {
    this.spacer = new RequestSpacer(options.minIntervalMs ?? 1100, options.maxWaitMs ?? 10_000);
  }

  async search(query: string): Promise<GeocodePlace[]> {
    try {
      await this.spacer.wait();
    } catch (error) {
      if (error instanceof SpacerBusyError) throw new GeocoderUnavailableError(error.message, true);
      throw error;
    }
    const url = `${this.options.baseUrl}/search?format=json&limit=1&q=${encodeURIComponent(query)}`;
    const headers: Record<string, string> = {
      'User-Agent': this.options.userAgent,
      Accept: 'application/json',
      'Accept-Language': 'en',
    };
    if (this.options.referer) headers.Referer = this.options.referer;
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000) });
    } catch (error) {
      throw new GeocoderUnavailableError(`Geocoder unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new GeocoderUnavailableError(`Geocoder answered ${response.status}`);
    const parsed = nominatimAnswer.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new GeocoderUnavailableError('Geocoder answered something other than a list of places');
    return parsed.data.map(({ lat, lon, display_name, boundingbox }) => ({
      lat,
      lon,
      display_name,
      ...(boundingbox && { boundingbox }),
    }));
  }
}

/** "FoodTruckFund/0.1 (+https://site; contact@site)": who is asking, and how to reach them. */
export function geocoderUserAgent(publicUrl: string | undefined, mailFrom: string): string {
  const contact = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `FoodTruckFund/0.1 (${publicUrl ? `+${publicUrl}; ` : ''}${contact})`;
}

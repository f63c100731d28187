import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubPlace {
  lat: string;
  lon: string;
  display_name: string;
}

export interface GeocoderRequest {
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  at: number;
}

/**
 * A local HTTP server answering Nominatim's `/search?format=json&limit=1&q=…` from a table of places,
 * the way Nominatim does (a JSON list, coordinates as strings, `[]` when nothing matches). It records
 * every request and can fail the next ones.
 */
export class GeocoderStub {
  readonly requests: GeocoderRequest[] = [];
  url = '';
  private failures: Array<'error' | 'garbage' | 'hang'> = [];
  private server: Server | undefined;

  private constructor(private readonly places: Record<string, StubPlace>) {}

  static async start(places: Record<string, StubPlace>): Promise<GeocoderStub> {
    const stub = new GeocoderStub(places);
    stub.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stub');
      stub.requests.push({
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        at: Date.now(),
      });
      const failure = stub.failures.shift();
      if (failure === 'hang') return; // never answers
      if (failure === 'error') {
        res.writeHead(503, { 'content-type': 'text/html' });
        return res.end('<html><body>Service unavailable</body></html>');
      }
      if (failure === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"error":"Unable to geocode"}');
      }
      if (url.pathname !== '/search' || url.searchParams.get('format') !== 'json') {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { code: 400, message: 'Parameter format must be json' } }));
      }
      const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
      const place = stub.places[q];
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const answer = place
        ? [
            {
              place_id: 1234,
              licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
              osm_type: 'relation',
              osm_id: 5678,
              ...place,
              class: 'boundary',
              type: 'administrative',
              importance: 0.8,
              boundingbox: ['30.0', '30.5', '-98.0', '-97.5'],
            },
          ].slice(0, limit)
        : [];
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => stub.server!.listen(0, '127.0.0.1', resolve));
    stub.url = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
    return stub;
  }

  /** Adds a place (matched case-insensitively, as the table given to `start`). */
  addPlace(query: string, place: StubPlace): void {
    this.places[query.trim().toLowerCase()] = place;
  }

  /** Upstream requests asked for `q` (case-insensitively). */
  lookupsOf(q: string): number {
    return this.requests.filter((r) => r.query.q?.toLowerCase() === q.toLowerCase()).length;
  }

  /** The next `n` requests fail: a 503 page, a JSON answer that is not a list, or no answer at all. */
  failNext(n: number, kind: 'error' | 'garbage' | 'hang' = 'error'): void {
    for (let i = 0; i < n; i++) this.failures.push(kind);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

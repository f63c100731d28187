import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useGeocode } from '../api/geocode';
import { pickCoordinates } from '../coordinates';
import { reportError } from '@web/lib/report-error';
import { useNearViewport } from '@web/lib/use-near-viewport';
import { useT } from '@web/lib/i18n';

// The map's words are in `common`: it is on the diners' event page, which loads only that catalog.
/** pickCoordinates' reasons, by their key. */
const REASONS: Record<string, string> = {
  'Location not found': 'map.notFound',
  'Invalid coordinates received': 'map.invalid',
};

/** A universal maps link: the phone's maps app opens it when it has one, else the browser shows the place. */
function mapsAppUrl(location: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;
}

/**
 * A map that cannot be drawn (the place not found, the geocoder or the map's code unreachable): the
 * address, and a link to open it in a maps app (issue 42), never "Failed to fetch coordinates".
 */
function MapFallback({ location, reason }: { location: string; reason?: string }) {
  const t = useT();
  return (
    <div
      role="status"
      className="flex h-full flex-col items-center justify-center gap-2 p-4 text-center text-sm"
    >
      <p className="text-muted">{reason ?? t('map.cantShow')}</p>
      <p className="font-medium break-words text-ink">{location}</p>
      <a
        href={mapsAppUrl(location)}
        target="_blank"
        rel="noopener noreferrer"
        className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        {t('map.openApp')}
      </a>
    </div>
  );
}

// Leaflet and its CSS are fetched only when the map is about to be seen.
const LeafletMap = lazy(() =>
  import('./leaflet-map')
    .then((m) => ({ default: m.LeafletMap }))
    .catch((error: unknown) => {
      reportError('The map did not load', error);
      return { default: ({ label }: { label: string }) => <MapFallback location={label} /> };
    }),
);

class MapErrorBoundary extends Component<{ location: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    reportError('The map failed', error);
  }
  override render() {
    return this.state.failed ? <MapFallback location={this.props.location} /> : this.props.children;
  }
}

function MapMessage({ text }: { text: string }) {
  return (
    <div role="status" className="flex h-full items-center justify-center p-4 text-center text-sm text-muted">
      {text}
    </div>
  );
}

/** The event's place on an OpenStreetMap map, 300px high, zoom 13, no scroll-zoom. */
export function EventMap({ location }: { location: string }) {
  const t = useT();
  const { ref, near } = useNearViewport('400px');
  const query = location.trim();
  const geocode = useGeocode(query, near && query !== '');

  let body: ReactNode;
  if (!query) body = <MapMessage text={t('map.required')} />;
  else if (!near || geocode.isPending) body = <Spinner label={t('map.loading')} />;
  else if (geocode.isError) body = <MapFallback location={query} />;
  else {
    const target = pickCoordinates(geocode.data);
    body =
      'error' in target ? (
        <MapFallback
          location={query}
          reason={REASONS[target.error] ? t(REASONS[target.error]!) : target.error}
        />
      ) : (
        <MapErrorBoundary location={query}>
          <Suspense fallback={<Spinner label={t('map.loading')} />}>
            <LeafletMap lat={target.lat} lon={target.lon} label={location} />
          </Suspense>
        </MapErrorBoundary>
      );
  }

  return (
    <Card aria-labelledby="event-map-title">
      <CardHeader>
        <CardTitle id="event-map-title">{t('map.location')}</CardTitle>
        <p className="mt-1 text-sm break-words text-muted">{location}</p>
      </CardHeader>
      <CardContent>
        <div
          ref={ref}
          role="region"
          aria-label={t('map.mapOf', { location })}
          className="relative isolate h-[300px] overflow-hidden rounded-lg bg-stone-100"
        >
          {body}
        </div>
      </CardContent>
    </Card>
  );
}

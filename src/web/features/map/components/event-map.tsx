import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useGeocode } from '../api/geocode';
import { pickCoordinates } from '../coordinates';
import { reportError } from '@web/lib/report-error';
import { useNearViewport } from '@web/lib/use-near-viewport';

const MAP_LOAD_ERROR = 'Could not load the map';

function MapLoadError() {
  return <MapMessage text={MAP_LOAD_ERROR} />;
}

// Leaflet and its CSS are fetched only when the map is about to be seen.
const LeafletMap = lazy(() =>
  import('./leaflet-map')
    .then((m) => ({ default: m.LeafletMap }))
    .catch((error: unknown) => {
      reportError('The map did not load', error);
      return { default: MapLoadError };
    }),
);

class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    reportError('The map failed', error);
  }
  override render() {
    return this.state.failed ? <MapMessage text={MAP_LOAD_ERROR} /> : this.props.children;
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
  const { ref, near } = useNearViewport('400px');
  const query = location.trim();
  const geocode = useGeocode(query, near && query !== '');

  let body: ReactNode;
  if (!query) body = <MapMessage text="Location is required" />;
  else if (!near || geocode.isPending) body = <Spinner label="Loading the map…" />;
  else if (geocode.isError) body = <MapMessage text="Failed to fetch coordinates" />;
  else {
    const target = pickCoordinates(geocode.data);
    body =
      'error' in target ? (
        <MapMessage text={target.error} />
      ) : (
        <MapErrorBoundary>
          <Suspense fallback={<Spinner label="Loading the map…" />}>
            <LeafletMap lat={target.lat} lon={target.lon} label={location} />
          </Suspense>
        </MapErrorBoundary>
      );
  }

  return (
    <Card aria-labelledby="event-map-title">
      <CardHeader>
        <CardTitle id="event-map-title">Location</CardTitle>
        <p className="mt-1 text-sm break-words text-muted">{location}</p>
      </CardHeader>
      <CardContent>
        <div
          ref={ref}
          role="region"
          aria-label={`Map of ${location}`}
          className="relative isolate h-[300px] overflow-hidden rounded-lg bg-stone-100"
        >
          {body}
        </div>
      </CardContent>
    </Card>
  );
}

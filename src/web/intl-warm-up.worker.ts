/**
 * A worker that builds the date formatters the page is about to build, in the zones it names, then
 * ends (decision 108). ICU's locale and zone data are shared by the browser's threads: loaded here,
 * they cost the page's main thread nothing.
 */
import { warmUpFormatters } from '@core/date-formatters';

self.onmessage = (message: MessageEvent<string[]>) => {
  const zones = message.data.length
    ? message.data
    : [Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'];
  for (const zone of zones) {
    try {
      warmUpFormatters(zone);
    } catch {
      // A zone this browser does not know: the page will say so itself.
    }
  }
  self.close();
};

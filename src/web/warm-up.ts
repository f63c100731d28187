/**
 * Imported first by main.tsx (decision 108): it starts a worker that loads the browser's date-formatting
 * data while the main thread runs the app and hydrates the page, before the page's first date is
 * formatted. (It runs once React's chunk has been evaluated: the chunks a module imports run first.)
 * Zones come from the answers a server-made page carries, else the visitor's own (the worker finds it:
 * asking here would load the very data this is for on the main thread).
 */
import { BOOT_DATA_ID } from '@contract/server-render';

function zonesOnPage(): string[] {
  const zones = new Set<string>();
  const text = document.getElementById(BOOT_DATA_ID)?.textContent;
  if (text) {
    // Every "timeZone" in the answers (an event's, the events of a list).
    for (const match of text.matchAll(/"timeZone":"([^"]{1,64})"/g)) zones.add(match[1]!);
  }
  return [...zones];
}

if (typeof Worker !== 'undefined') {
  try {
    const worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
    worker.postMessage(zonesOnPage());
  } catch {
    // No worker: the page formats its dates a little later, that is all.
  }
}

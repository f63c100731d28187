/**
 * The agreement between the server and the web client's server entry (decision 108): the server asks
 * the built entry for a page's HTML, handing it the API answers the page's first render reads; the
 * same answers travel in the page as JSON so the browser's first render shows what the HTML showed.
 */
import type { Language } from '../core/language';

/** One API answer, under the query key the client's hook reads it by. */
export interface SeededQuery {
  key: readonly unknown[];
  data: unknown;
}

export interface PageRenderInput {
  /** The page's path and query, e.g. `/events/public/3?order=9`. */
  url: string;
  /** The site's origin as the visitor sees it (links the page builds from it, such as share links). */
  origin: string;
  queries: SeededQuery[];
  /** The clock the page is rendered at (ms since epoch): countdowns and "in 2 days" read it. */
  renderedAt: number;
  /** The visitor's language: the page's words and dates (decision 228). */
  language: Language;
}

/** What `dist/ssr/entry-server.js` exports. */
export interface ServerEntry {
  renderPage(input: PageRenderInput): Promise<string>;
}

/** The `<script type="application/json">` element holding the seeded answers in a server-made page. */
export const BOOT_DATA_ID = 'boot-data';

export interface BootData {
  queries: SeededQuery[];
  /** The clock the HTML was rendered at: the browser's first render uses it too. */
  renderedAt: number;
  /** The language the HTML was rendered in: the browser's first render uses it too. */
  language: Language;
}

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BOOT_DATA_ID,
  type BootData,
  type SeededQuery,
  type ServerEntry,
} from '../../contract/server-render';
import { DEFAULT_LANGUAGE, type Language } from '../../core/language';
import { AFTER_PAINT_LOADER, SCRIPTS_DATA_ID, type AfterPaintScripts } from './after-paint-scripts';

interface RenderedPage {
  language: Language;
  title: string | null;
  body: string;
  boot: string;
}

/** Rendered pages kept per instance: the landing page and the events being shared right now. */
const CACHED_PAGES = 200;
/** Without PUBLIC_URL, how many origins (localhost, an address, a name) an instance renders pages for. */
const RENDERED_ORIGINS = 4;

export interface PageRequest {
  /** The page's path and query as the visitor asked for it. */
  url: string;
  /** The origin the visitor asked it of (the browser's `location.origin`): links in the page use it. */
  origin: string;
  /** The visitor's language (decision 228): the page's words, dates and `<html lang>`. */
  language?: Language;
  /** The API answers the page's first render reads, asked of this app as a visitor would ask them. */
  apiPaths: string[];
  /** Answers known without asking (the signed-out visitor's `null` user). */
  known: SeededQuery[];
}

/**
 * The pages the server renders into their HTML (decision 108), made by the client's own code built for
 * Node (`dist/ssr/entry-server.js`, next to `clientDir`). The API answers are asked of this app through
 * `inject` (the cached public reads, with their ETags), so the page shows exactly what the API says; the
 * same answers go into the page as JSON for the browser's first render. The HTML is kept per URL and
 * answers' ETags, so a page is rendered again only when what it shows has changed.
 * Rendering is an improvement, never a condition: without the build, on a missing answer or a failed
 * render, the page goes out as the client's shell, as it always did.
 */
export class PageRenderer {
  private entry: Promise<ServerEntry | null> | undefined;
  private readonly pages = new Map<string, Promise<RenderedPage>>();
  private readonly entryFile: string;

  /** Without PUBLIC_URL: the origins pages were rendered for, first come (see `originFor`). */
  private readonly seenOrigins = new Set<string>();

  constructor(
    private readonly app: FastifyInstance,
    clientDir: string,
    private readonly publicUrl: string | undefined,
  ) {
    this.entryFile = path.resolve(clientDir, '../ssr/entry-server.js');
  }

  /**
   * The origin to render a page for, or null for the shell. With PUBLIC_URL, only a request made to its
   * host gets a page, rendered with PUBLIC_URL's origin (so the share links in it are the site's own,
   * whatever a request's Host said); any other host gets the shell. Without it, the request's origin
   * as before, but only the first few an instance meets: a flood of made-up Host headers would
   * otherwise render (and keep) a fresh page for each.
   */
  originFor(request: FastifyRequest): string | null {
    if (this.publicUrl) {
      const site = new URL(this.publicUrl);
      return request.host.toLowerCase() === site.host ? site.origin : null;
    }
    const origin = requestOrigin(request);
    if (this.seenOrigins.has(origin)) return origin;
    if (this.seenOrigins.size >= RENDERED_ORIGINS) return null;
    this.seenOrigins.add(origin);
    return origin;
  }

  /** `template` (the client's index.html) with the page in it, or null when it could not be rendered. */
  async render(template: string, page: PageRequest): Promise<string | null> {
    try {
      const entry = await this.loadEntry();
      if (!entry) return null;
      const queries: SeededQuery[] = [...page.known];
      const versions: string[] = [];
      for (const apiPath of page.apiPaths) {
        const answer = await this.app.inject({
          method: 'GET',
          url: apiPath,
          headers: { accept: 'application/json', 'accept-encoding': 'identity' },
        });
        if (answer.statusCode !== 200) return null;
        queries.push({ key: [apiPath], data: answer.json() });
        versions.push(String(answer.headers.etag ?? createHash('sha1').update(answer.body).digest('base64')));
      }
      // Kept a minute at most: the page shows the clock (a countdown, whether orders are still open), the
      // app's clock, the one the API answers by.
      const minute = Math.floor(this.app.ctx.now().getTime() / 60_000);
      const language = page.language ?? DEFAULT_LANGUAGE;
      const key = JSON.stringify([page.origin, page.url, language, page.known, versions, minute]);
      // One render per key, however many visitors ask at once; a failed one is not kept.
      let rendered = this.pages.get(key);
      if (rendered) {
        this.pages.delete(key); // most recently used last
      } else {
        const renderedAt = this.app.ctx.now().getTime();
        rendered = entry
          .renderPage({ url: page.url, origin: page.origin, queries, renderedAt, language })
          .then((html) => ({
            ...splitHoisted(html),
            language,
            boot: jsonForScript({ queries, renderedAt, language } satisfies BootData),
          }));
        rendered.catch(() => this.pages.delete(key));
        if (this.pages.size >= CACHED_PAGES) this.pages.delete(this.pages.keys().next().value!);
      }
      this.pages.set(key, rendered);
      return fillTemplate(template, await rendered);
    } catch (error) {
      this.app.log.warn({ err: error, url: page.url }, 'page not rendered by the server; sent as the shell');
      return null;
    }
  }

  private loadEntry(): Promise<ServerEntry | null> {
    return (this.entry ??= existsSync(this.entryFile)
      ? (import(pathToFileURL(this.entryFile).href) as Promise<ServerEntry>)
      : Promise.resolve(null));
  }
}

/**
 * React puts what belongs in the head (the page's `<title>`, its image preloads) before the page's
 * markup. The title replaces the shell's; the preloads are dropped (the server writes its own).
 */
function splitHoisted(html: string): { title: string | null; body: string } {
  let rest = html;
  let title: string | null = null;
  for (;;) {
    const titleMatch = /^<title>[^<]*<\/title>/.exec(rest);
    if (titleMatch) {
      title ??= titleMatch[0];
      rest = rest.slice(titleMatch[0].length);
      continue;
    }
    const tagMatch = /^<(?:link|meta)\b[^>]*>/.exec(rest);
    if (tagMatch) {
      rest = rest.slice(tagMatch[0].length);
      continue;
    }
    return { title, body: rest };
  }
}

/** The origin a request was made to, as its browser sees it (behind a trusted proxy, the proxy's). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The answer of `GET /api/user` for a visitor with no session cookie: nobody is signed in. */
export const SIGNED_OUT: SeededQuery = { key: ['/api/user'], data: null };

/** The shell asks who is signed in while its script downloads; a page that already knows does not. */
export function withoutUserPreload(template: string): string {
  return template.replace(/\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/user"[^>]*>/, '');
}

/** JSON that can sit inside `<script>`: no `</script>` or `<!--` can appear in it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function fillTemplate(template: string, page: RenderedPage): string {
  const root = `<div id="root">${page.body}</div>\n    <script type="application/json" id="${BOOT_DATA_ID}">${page.boot}</script>`;
  // The page is readable before any script runs: the scripts wait for it to be seen.
  let html = loadScriptsAfterPaint(template).replace('<div id="root"></div>', () => root);
  if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => page.title!);
  html = html.replace(/<html lang="[^"]*"/, `<html lang="${page.language}"`);
  return html;
}

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The shell (before the page goes in, so only the build's own tags are read) with its module scripts
 * moved out of the head, to be loaded after the first paint (decision 109). Unchanged when it has no
 * single module entry: a build whose tags this does not recognise keeps loading as it did.
 */
function loadScriptsAfterPaint(html: string): string {
  const entries = [...html.matchAll(ENTRY)].map((match) => match[1]!);
  if (entries.length !== 1) return html;
  const scripts: AfterPaintScripts = {
    entry: entries[0]!,
    preload: [...html.matchAll(PRELOAD)].map((match) => match[1]!),
  };
  const tags =
    `  <script type="application/json" id="${SCRIPTS_DATA_ID}">${jsonForScript(scripts)}</script>\n` +
    `    <script>${AFTER_PAINT_LOADER}</script>\n  `;
  return html
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace('</body>', () => `${tags}</body>`);
}

let serverOrigin = '';

/** The site's origin, in the browser and while the server renders a page (decision 108). */
export function pageOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin;
}

/** Set by the server entry before it renders a page. */
export function setServerOrigin(origin: string): void {
  serverOrigin = origin;
}

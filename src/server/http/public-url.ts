import type { AppConfig } from '../config';

/** The site's address for links in e-mails. */
export function publicBaseUrl(config: AppConfig): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

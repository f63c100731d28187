/**
 * The languages the product speaks (decision 228). English is the source: its texts are the spec's.
 * A person's language is their choice (the `lang` cookie the switcher sets, or their account's saved
 * language), else the first of their browser's `Accept-Language` we speak, else English.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The browser's choice, read by the server (pages, API errors) and the client alike. */
export const LANGUAGE_COOKIE = 'lang';

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The locale Intl formats dates, times and numbers with: US conventions for both (our diners' region). */
export function intlLocale(language: Language): string {
  return language === 'es' ? 'es-US' : 'en-US';
}

/**
 * The first language of an `Accept-Language` header we speak, by its weight (`es-MX,es;q=0.9,en;q=0.8`
 * is Spanish), or null when it names none of ours.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? null;
}

/** The language to answer in: the browser's saved choice, else its `Accept-Language`, else English. */
export function chooseLanguage(
  saved: string | undefined | null,
  acceptLanguage: string | undefined | null,
): Language {
  if (isLanguage(saved)) return saved;
  return languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, type Language } from '../../core/language';

/**
 * What every screen reads its words through (decision 228): `const t = useT()` then `t('eventPage.order')`,
 * `t('checkout.payTotal', { total })`. The words live in src/locales/<language>/<namespace>.json and are
 * looked up by i18next, which arrives in a chunk of its own with the page's language only
 * (`i18n-runtime.ts`): this module, in every page's first script, is just the hook. `common` (the
 * layout and the diner's pages) is loaded before the first render; `app` (organizer, truck and admin
 * screens) when a screen first asks for it, the screen suspending meanwhile.
 */
export type Namespace = 'common' | 'app';
export type TranslateValues = Record<string, string | number | null | undefined>;
export type Translate = (key: string, values?: TranslateValues) => string;

/** The loaded runtime: the i18next instance's lookups, installed by `i18n-runtime.ts`. */
export interface I18nRuntime {
  language: Language;
  translate(namespace: Namespace, key: string, values?: TranslateValues): string;
  hasNamespace(namespace: Namespace): boolean;
  loadNamespace(namespace: Namespace): Promise<void>;
}

let runtime: I18nRuntime | null = null;
let version = 0;
const listeners = new Set<() => void>();

export function installI18nRuntime(next: I18nRuntime): void {
  runtime = next;
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getVersion = () => version;

/** The page's language (English until the runtime is installed). */
export function currentLanguage(): Language {
  return runtime?.language ?? DEFAULT_LANGUAGE;
}

/** The words of a namespace in the page's language; the component renders again when it changes. */
export function useT(namespace: Namespace = 'common'): Translate {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  const active = runtime;
  if (!active) return (key) => key;
  if (!active.hasNamespace(namespace)) throw active.loadNamespace(namespace);
  return (key, values) => active.translate(namespace, key, values);
}

/** The page's language, for a component that formats dates or numbers itself. */
export function useLanguage(): Language {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  return currentLanguage();
}

/** The switcher's choice, kept in the browser for a year; the server reads it for pages and API errors. */
export function saveLanguageChoice(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** The language chosen in this browser before, if any. */
export function savedLanguageChoice(): string | null {
  if (typeof document === 'undefined') return null;
  const match = new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** Whether the page has a namespace's words (the switcher loads the same ones in the new language). */
export function hasNamespace(namespace: Namespace): boolean {
  return runtime?.hasNamespace(namespace) ?? false;
}

/**
 * The page's words outside a component's render (a module that builds a sentence for one). A component
 * calling it renders again on a language change only if it also calls `useT` or `useLanguage`.
 */
export function translate(key: string, values?: TranslateValues, namespace: Namespace = 'common'): string {
  return runtime ? runtime.translate(namespace, key, values) : key;
}

import i18next, { type i18n, type Resource } from 'i18next';
import { setDefaultDateLocale } from '../../core/date-formatters';
import { intlLocale, type Language } from '../../core/language';
import { hasNamespace, installI18nRuntime, type I18nRuntime, type Namespace } from './i18n';

/**
 * i18next for the browser and the server's render of a page (decision 228), in a chunk of its own:
 * `main.tsx` loads it with the page's language and `common` catalog, beside the page's own code, before
 * the first render. Catalogs are files of their own (one chunk per language and namespace), so a page
 * downloads only its language's words.
 */
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/{common,app}.json');

async function loadCatalog(language: Language, namespace: Namespace): Promise<Record<string, unknown>> {
  const load = catalogs[`../../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`no catalog ${language}/${namespace}`);
  return (await load()).default;
}

function runtimeOf(instance: i18n, language: Language): I18nRuntime {
  const loading = new Map<Namespace, Promise<void>>();
  // A text without values is the same every time: looked up once (i18next's lookup, a few dozen
  // microseconds, is paid hundreds of times while a page hydrates). A new runtime starts a new cache.
  const plain = new Map<string, string>();
  return {
    language,
    translate(namespace, key, values) {
      if (values) return instance.t(key, { ...values, ns: namespace, lng: language });
      const id = `${namespace}:${key}`;
      let text = plain.get(id);
      if (text === undefined) {
        text = instance.t(key, { ns: namespace, lng: language });
        plain.set(id, text);
      }
      return text;
    },
    hasNamespace: (namespace) => instance.hasResourceBundle(language, namespace),
    loadNamespace(namespace) {
      let promise = loading.get(namespace);
      if (!promise) {
        promise = loadCatalog(language, namespace).then((catalog) => {
          instance.addResourceBundle(language, namespace, catalog, true, true);
          installI18nRuntime(runtimeOf(instance, language));
        });
        loading.set(namespace, promise);
      }
      return promise;
    },
  };
}

/** A ready instance over catalogs already at hand (tests, the server's render). */
export function createI18nRuntime(language: Language, resources: Resource): I18nRuntime {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources,
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    // Every key exists in every language (a test checks): no English word in a Spanish page.
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return runtimeOf(instance, language);
}

/** Puts the page in `language`: its `common` words loaded, `<html lang>` and dates following. */
export async function startI18n(language: Language): Promise<void> {
  const common = await loadCatalog(language, 'common');
  activate(language, createI18nRuntime(language, { [language]: { common } }));
}

/** The switcher's move: the new language's catalogs for what the page shows, then one re-render. */
export async function switchLanguage(language: Language): Promise<void> {
  const namespaces: Namespace[] = hasNamespace('app') ? ['common', 'app'] : ['common'];
  const entries = await Promise.all(
    namespaces.map(async (namespace) => [namespace, await loadCatalog(language, namespace)] as const),
  );
  activate(language, createI18nRuntime(language, { [language]: Object.fromEntries(entries) }));
}

function activate(language: Language, runtime: I18nRuntime) {
  setDefaultDateLocale(intlLocale(language));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  installI18nRuntime(runtime);
}

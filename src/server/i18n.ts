import type { FastifyRequest } from 'fastify';
import i18next, { type TFunction } from 'i18next';
import { chooseLanguage, intlLocale, LANGUAGE_COOKIE, LANGUAGES, type Language } from '../core/language';
import enApp from '../locales/en/app.json' with { type: 'json' };
import enCommon from '../locales/en/common.json' with { type: 'json' };
import enMail from '../locales/en/mail.json' with { type: 'json' };
import enServer from '../locales/en/server.json' with { type: 'json' };
import esApp from '../locales/es/app.json' with { type: 'json' };
import esCommon from '../locales/es/common.json' with { type: 'json' };
import esErrors from '../locales/es/errors.json' with { type: 'json' };
import esMail from '../locales/es/mail.json' with { type: 'json' };
import esServer from '../locales/es/server.json' with { type: 'json' };

/**
 * The server's words (decision 228): the same catalogs as the web (src/locales), in i18next, every
 * language loaded at start. `translator('es')('mail:orderReceived.subject', { title })`.
 * Namespaces: `mail` (e-mails), `server` (share cards, the calendar file, CSV headers), `errors`
 * (an API error's message by its code, in languages other than English: the English message is the
 * one the code throws, the spec's), and the web's `common` and `app` for words both say.
 */
const instance = i18next.createInstance();
void instance.init({
  resources: {
    en: { common: enCommon, app: enApp, mail: enMail, server: enServer },
    es: { common: esCommon, app: esApp, mail: esMail, server: esServer, errors: esErrors },
  },
  supportedLngs: [...LANGUAGES],
  lng: 'en',
  fallbackLng: false,
  ns: ['common', 'app', 'mail', 'server', 'errors'],
  defaultNS: 'mail',
  initAsync: false,
  interpolation: { escapeValue: false },
});

const translators = new Map<Language, TFunction>(
  LANGUAGES.map((language) => [language, instance.getFixedT(language)]),
);

/** The words of `language`: `t('mail:orderReceived.subject', { title })`. */
export function translator(language: Language): TFunction {
  return translators.get(language)!;
}

/** The locale dates and numbers are written in for `language`. */
export { intlLocale };

/**
 * The language a request is answered in: the switcher's cookie, else `Accept-Language`, else English.
 * (A signed-in person's saved language is put in the cookie by the browser when they sign in.)
 */
export function requestLanguage(request: FastifyRequest): Language {
  return chooseLanguage(request.cookies?.[LANGUAGE_COOKIE], request.headers['accept-language']);
}

/**
 * A success answer's `message` in the caller's language (`server:messages.*`), English as the spec
 * writes it: `reply.send({ message: sayTo(request, 'loggedOut') })`.
 */
export function sayTo(
  request: FastifyRequest,
  key: string,
  values?: Record<string, string | number>,
): string {
  return translator(requestLanguage(request))(`server:messages.${key}`, values);
}

/** An API error's message for the caller: English as thrown, another language from `errors` by code. */
export function errorMessage(language: Language, code: string, englishMessage: string): string {
  if (language === 'en') return englishMessage;
  const key = `errors:${code}`;
  return instance.exists(key, { lng: language }) ? translator(language)(key) : englishMessage;
}

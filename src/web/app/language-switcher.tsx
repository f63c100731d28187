import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../core/language';
import { useUser } from '../features/auth/api/get-user';
import { apiClient } from '../lib/api-client';
import { currentLanguage, saveLanguageChoice, savedLanguageChoice, useLanguage, useT } from '../lib/i18n';
import { reportError } from '../lib/report-error';
import { USER_QUERY_KEY } from '../lib/user-query-key';

async function speak(language: Language) {
  const { switchLanguage } = await import('../lib/i18n-runtime');
  await switchLanguage(language);
}

/**
 * The language of every page, in the header (decision 228): a native select (keyboard and screen
 * readers know it), each language named in itself. The choice is kept in this browser (a cookie the
 * server reads too) and, for a signed-in person, on their account, which their mails follow.
 */
export function LanguageSwitcher() {
  const t = useT();
  const language = useLanguage();
  const { data: user } = useUser();
  const queryClient = useQueryClient();

  // An account's saved language wins in a browser that has not chosen one.
  const saved = user?.language ?? null;
  useEffect(() => {
    if (saved && saved !== currentLanguage() && savedLanguageChoice() === null) {
      saveLanguageChoice(saved);
      speak(saved).catch((error: unknown) => reportError('language not loaded', error));
    }
  }, [saved]);

  const choose = (next: string) => {
    if (!isLanguage(next) || next === language) return;
    saveLanguageChoice(next);
    speak(next).catch((error: unknown) => reportError('language not loaded', error));
    if (user)
      apiClient
        .PUT('/api/account/language', { body: { language: next } })
        .then((updated) => queryClient.setQueryData(USER_QUERY_KEY, updated))
        .catch((error: unknown) => reportError('language not saved', error));
  };

  return (
    <label className="flex items-center">
      <span className="sr-only">{t('layout.language')}</span>
      <select
        value={language}
        onChange={(event) => choose(event.target.value)}
        className="rounded-full border border-line bg-white px-2 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

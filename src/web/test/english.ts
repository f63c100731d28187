import enApp from '../../locales/en/app.json';
import enCommon from '../../locales/en/common.json';
import { installI18nRuntime } from '../lib/i18n';
import { createI18nRuntime } from '../lib/i18n-runtime';

// Imported by a test: the web's words in English, as a visitor's first page has them (decision 228).
installI18nRuntime(createI18nRuntime('en', { en: { common: enCommon, app: enApp } }));

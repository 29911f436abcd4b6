// Message catalogues (issue 28, decision 52). The code's messages are English, written in place as
// `i18n._('…')`; `npm run i18n` extracts them into PO catalogues, one per language and part of the
// app, and compiles them into the modules the app imports. README, "Languages", tells how to add a
// language. The parts are the app's areas, so that each can be translated (and reviewed) on its own.
import { formatter } from '@lingui/format-po';
// The one list of languages (Lingui loads this file with jiti, which reads TypeScript).
import { LOCALES, SOURCE_LOCALE } from './src/shared/constants.ts';

// The catalogue check (tests/checks/i18n-catalogues.test.ts) extracts into a scratch folder.
const root = process.env.HCP_I18N_CATALOGUES ?? '<rootDir>/src/locales';
const web = '<rootDir>/src/web';
const tests = '**/*.test.*';
/** The areas with their own web catalogue; everything else in src/web is in `web`. */
const webAreas = {
  'web-student': ['complaints', 'home', 'about', 'auth', 'notifications', 'settings'],
  'web-staff': ['staff'],
  'web-admin': ['admin'],
  'web-insights': ['insights'],
  'web-grievances': ['grievances'],
};
const areaFolders = (names) => names.map((name) => `${web}/features/${name}`);

/** @type {import('@lingui/conf').LinguiConfig} */
export default {
  locales: [...LOCALES],
  sourceLocale: SOURCE_LOCALE,
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: `${root}/{locale}/web`,
      include: [web, '<rootDir>/src/shared'],
      exclude: [tests, `${web}/sw/**`, ...Object.values(webAreas).flatMap(areaFolders).map((folder) => `${folder}/**`)],
    },
    ...Object.entries(webAreas).map(([name, folders]) => ({ path: `${root}/{locale}/${name}`, include: areaFolders(folders), exclude: [tests] })),
    { path: `${root}/{locale}/server`, include: ['<rootDir>/src/server', '<rootDir>/src/shared'], exclude: [tests] },
  ],
  // Sorted by id, so an extraction changes a catalogue only where its messages changed.
  orderBy: 'messageId',
  format: formatter({ lineNumbers: false }),
};

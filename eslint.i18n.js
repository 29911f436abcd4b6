// Issue 28 (decision 52): no text a person reads may be left out of the message catalogues. In the
// web app, lingui/no-unlocalized-strings fails on a string that reaches the page without
// `i18n._(…)`; the catalogue check (tests/checks/i18n-catalogues.test.ts) then fails on a message
// the catalogues lack or a language leaves untranslated.

/** Folders of src/web still being translated: the rule skips them until each is done. */
export const notYetTranslated = [];

export const unlocalizedStrings = [
  'error',
  {
    // One lower-case token (a key, a class, a path, a date format) is never text a person reads;
    // "Save" or "Open" is, and is caught.
    ignore: [
      '^[a-z0-9_./:#?&=@%+*<>!\\[\\]()${}\\-]*$',
      '^[A-Z0-9_\\-]+$',
      // A camelCase key ("entryConsent"), a path of the portal's API, a language tag for Intl ("en-GB").
      '^[a-z]+(?:[A-Z][a-z0-9]*)+$',
      '^/api/[A-Za-z0-9_./?&=%-]*$',
      '^[a-z]{2}-[A-Z]{2}$',
      // The time part of an ISO timestamp ("${day}T00:00:00Z").
      '^(\\$\\{\\w+\\})?T\\d{2}:\\d{2}(:\\d{2})?(\\.\\d+)?Z?$',
      // Tailwind class lists: every word a utility with a dash or a variant ("px-4 sm:flex"), or one of
      // the few without ("flex", "hidden"). A sentence has words that are neither.
      '^\\s*(?:(?:[a-z0-9!._/\\[\\]()%#&=@*<>+${}]*[-:][a-z0-9!:._/\\[\\]()%#&=@*<>+${}-]*|\\$\\{\\w+\\}|flex|grid|block|hidden|inline|relative|absolute|fixed|static|sticky|underline|truncate|italic|uppercase|contents|border|rounded|shadow|ring|transition|grow|shrink|outline|invisible|isolate|container)\\s*)+$',
      // A list of CSS classes: several lower-case tokens, the first with a hyphen ('font-semibold underline').
      '^(?=[^ ]*-)[a-z0-9_./:@%*!\\[\\]()&>\\-]+(?: [a-z0-9_./:@%*!\\[\\]()&>\\-]+)+$',
    ],
    ignoreNames: [
      { regex: { pattern: '^([a-z]+ClassName|reValidateMode)$' } },
      { regex: { pattern: '^(className|class|key|type|role|id|name|htmlFor|href|to|path|method|rel|target)$' } },
      { regex: { pattern: '^(autoComplete|inputMode|enterKeyHint|mode|reValidateMode|variant|tone|size|as|accept|pattern|lang|dir)$' } },
      { regex: { pattern: '^(src|loading|decoding|encType|form|value|defaultValue|testId|queryKey|mutationKey)$' } },
      { regex: { pattern: '^(aria-(live|current|hidden|haspopup|controls|describedby|labelledby|expanded|pressed|invalid|sort|atomic|relevant|modal|orientation))$' } },
      { regex: { pattern: '^data-' } },
      { regex: { pattern: '^[A-Z][A-Z0-9_]+$' } },
    ],
    ignoreFunctions: [
      'cn',
      'slot',
      'clsx',
      'console.*',
      'Error',
      'TypeError',
      'apiFetch',
      'fetch',
      'URL',
      'URLSearchParams',
      'JSON.*',
      'document.*',
      'window.*',
      '*.addEventListener',
      '*.removeEventListener',
      '*.dispatchEvent',
      'Event',
      'CustomEvent',
      '*.getItem',
      '*.setItem',
      '*.removeItem',
      '*.setRequestHeader',
      '*.get',
      '*.set',
      '*.has',
      '*.delete',
      '*.append',
      '*.querySelector',
      '*.querySelectorAll',
      '*.closest',
      '*.matchMedia',
      'navigate',
      '*.startsWith',
      '*.endsWith',
      '*.includes',
      '*.split',
      '*.replace',
      '*.join',
      'Intl.*',
      'i18n.t',
      'import.meta.*',
    ],
  },
];

/**
 * lingui/no-unlocalized-strings, except for a string marked with an `i18n` block comment: a table's English (status
 * names, option labels) that the extractor takes into the catalogues and the code translates where
 * it is shown, `i18n._(TABLE[key])` (decision 52). The rule itself knows no such mark.
 */
export function allowMarkedStrings(rule) {
  return {
    ...rule,
    create(context) {
      const marked = (node) => context.sourceCode.getCommentsBefore(node).some((comment) => comment.value.trim() === 'i18n');
      const report = (descriptor) => {
        if (!('node' in descriptor && marked(descriptor.node))) context.report(descriptor);
      };
      return rule.create(Object.create(context, { report: { value: report } }));
    },
  };
}

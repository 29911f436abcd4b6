import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * English, the source language, is written in the code as `i18n._('Text with {placeholders}', …)`
 * (decision 52). Lingui formats only compiled messages in the browser, and its compiler is too large
 * for the first download, so the build compiles each such literal in place:
 * `i18n._({ id: 'Text with {placeholders}', message: ["Text with ", ["placeholders"]] }, …)`.
 * The id stays the English text, which is the key of every other language's catalogue. Plain text
 * needs no compiling and is left as it is.
 */
const CALL = /\bi18n\.(?:_|t)\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")(?=\s*[,)])/g;

/** The value of a quoted JavaScript string literal as our sources write them. */
export function literalValue(literal: string): string {
  const quote = literal[0];
  const body = literal.slice(1, -1);
  if (quote === '"') return JSON.parse(literal) as string;
  // Single quotes: a JSON string once `\'` is unescaped and bare `"` escaped.
  return JSON.parse(`"${body.replace(/\\(.)|"/g, (match: string, escaped?: string) => (escaped === undefined ? '\\"' : escaped === "'" ? "'" : match))}"`) as string;
}

export function precompileMessages(code: string): string | null {
  let changed = false;
  const out = code.replace(CALL, (call: string, literal: string) => {
    const message = literalValue(literal);
    const compiled = compileMessage(message);
    if (compiled.length === 1 && compiled[0] === message) return call;
    changed = true;
    return call.replace(literal, `{ id: ${JSON.stringify(message)}, message: ${JSON.stringify(compiled)} }`);
  });
  return changed ? out : null;
}

export function precompiledMessages(): Plugin {
  return {
    name: 'hcp-precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/(web|shared)\/.*\.tsx?$/.test(id.split('?')[0] ?? '') || !code.includes('i18n.')) return null;
      const out = precompileMessages(code);
      return out === null ? null : { code: out, map: null };
    },
  };
}

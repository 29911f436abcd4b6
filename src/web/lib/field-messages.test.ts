import { afterEach, describe, expect, it } from 'vitest';
import { createComplaintSchema } from '../../shared/complaints';
import { MESSAGE_MAX_LENGTH } from '../../shared/catalog';
import { messages as hi } from '../../locales/hi/web';
import { i18n } from './i18n';
import { schemaMessage } from './field-messages';

/** The complaint form's own message for a text that is too long, as the schema writes it. */
function tooLongMessage(): string {
  const parsed = createComplaintSchema.safeParse({ complaint: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) });
  const issue = parsed.error?.issues.find((i) => i.path[0] === 'complaint');
  return issue?.message ?? '';
}

afterEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('schemaMessage', () => {
  it('keeps a schema message with a value in English for an English reader', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(schemaMessage(tooLongMessage())).toBe(`Keep it under ${MESSAGE_MAX_LENGTH} characters`);
  });

  it('says it again from its template, with the same value, for a Hindi reader', () => {
    i18n.loadAndActivate({ locale: 'hi', messages: hi });
    expect(schemaMessage(tooLongMessage())).toBe(`इसे ${MESSAGE_MAX_LENGTH} अक्षरों से कम रखें`);
    expect(schemaMessage('Write what is wrong')).not.toBe('Write what is wrong');
  });
});

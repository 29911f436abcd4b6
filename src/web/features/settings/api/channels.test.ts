import { describe, expect, it } from 'vitest';
import { notificationChannelsInputSchema } from '../../../../shared/push';
import { channelsInput } from './channels';

describe('channelsInput', () => {
  it('sends WhatsApp while a number is linked', () => {
    const body = channelsInput({ push: true, mail: false, bell: true, whatsapp: false, whatsappLinked: true });
    expect(body).toEqual({ push: true, mail: false, bell: true, whatsapp: false });
    expect(notificationChannelsInputSchema.parse(body)).toEqual(body);
  });

  it('leaves WhatsApp out (as it is) while no number is linked, and never sends whatsappLinked', () => {
    const body = channelsInput({ push: false, mail: true, bell: true, whatsapp: true, whatsappLinked: false });
    expect(body).toEqual({ push: false, mail: true, bell: true });
    expect(notificationChannelsInputSchema.parse(body)).toEqual(body);
  });
});

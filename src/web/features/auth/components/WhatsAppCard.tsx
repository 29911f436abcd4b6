import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { WHATSAPP_CODE_MINUTES, WHATSAPP_LINK_WORD, WHATSAPP_STOP_WORD, type WhatsAppLinkCode } from '../../../../shared/whatsapp';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { LoadError } from '../../../components/ui/LoadError';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { buttonPrimary, card } from '../../../components/ui/styles';
import { slot, WithSlots } from '../../../components/ui/WithSlots';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { notificationChannelsKey } from '../../../lib/query-keys';
import { useWhatsAppLink } from '../../../lib/whatsapp-link';
import { useWhatsAppCode } from '../api/whatsapp-code';
import { useUnlinkWhatsApp } from '../api/whatsapp-unlink';

/** True until `until` has passed (re-rendering when it does). */
function useBefore(until: string | undefined): boolean {
  const end = until ? new Date(until).getTime() : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!end || now >= end) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(end - now + 50, 60_000));
    return () => window.clearTimeout(timer);
  }, [end, now]);
  return end > now;
}

const words = (text: string) => <strong className="font-mono font-semibold whitespace-nowrap text-slate-900">{text}</strong>;

/** The code on the screen, the link that opens WhatsApp with it typed in, and how long it works. */
function CodeToSend({ code, live, onRenew, renewing }: { code: WhatsAppLinkCode; live: boolean; onRenew: () => void; renewing: boolean }) {
  const message = `${WHATSAPP_LINK_WORD} ${code.code}`;
  if (!live) {
    return (
      <div className="mt-4 space-y-3">
        <p className="text-slate-800">{i18n._('The code has run out. Get a new one and send it within {minutes} minutes.', { minutes: WHATSAPP_CODE_MINUTES })}</p>
        <Button variant="primary" className="w-full sm:w-auto" pending={renewing} onClick={onRenew}>
          {i18n._('Get a new code')}
        </Button>
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-4" data-testid="whatsapp-code-panel">
      <div>
        <p id="whatsapp-code-label" className="text-sm font-medium text-slate-700">
          {i18n._('Your code')}
        </p>
        <p
          aria-labelledby="whatsapp-code-label"
          className="mt-1 font-mono text-4xl font-bold tracking-[0.2em] text-slate-900 sm:text-5xl"
          data-testid="whatsapp-code"
        >
          {code.code}
        </p>
      </div>
      <a href={code.link} target="_blank" rel="noopener noreferrer" className={cn(buttonPrimary, 'w-full sm:w-auto')} data-testid="whatsapp-open">
        {i18n._('Open WhatsApp')}
      </a>
      <p className="text-slate-800">
        <WithSlots text={i18n._('Or send {message} to the university’s WhatsApp number.', { message: slot('message') })} slots={{ message: words(message) }} />
      </p>
      <p className="text-sm text-slate-700">
        {i18n._('The code works for {minutes} minutes (until {time}). This card changes by itself once your message arrives.', {
          minutes: WHATSAPP_CODE_MINUTES,
          time: formatTime(code.expiresAt),
        })}
      </p>
    </div>
  );
}

/** The linked number, and disconnecting it with a confirmation in place (no dialog). */
function Linked({ phone, onUnlinked }: { phone: string; onUnlinked: () => void }) {
  const unlink = useUnlinkWhatsApp();
  const [asking, setAsking] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);

  return (
    <div className="mt-2 space-y-3">
      <p className="font-semibold text-slate-900" data-testid="whatsapp-linked">
        {i18n._('WhatsApp connected: {phone}', { phone })}
      </p>
      <p className="text-sm text-slate-700">
        <WithSlots
          text={i18n._('Your complaint updates come to this number. You can also send {stop} from WhatsApp to stop them.', { stop: slot('stop') })}
          slots={{ stop: words(WHATSAPP_STOP_WORD) }}
        />
      </p>
      {asking ? (
        <div className="space-y-3" role="group" aria-labelledby="whatsapp-disconnect-question">
          <p id="whatsapp-disconnect-question" className="font-medium text-slate-900">
            {i18n._('Disconnect WhatsApp?')}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button
              ref={confirmButton}
              variant="primary"
              pending={unlink.isPending}
              pendingLabel={i18n._('Disconnecting…')}
              onClick={() => unlink.mutate(undefined, { onSuccess: onUnlinked, onError: () => setAsking(false) })}
            >
              {i18n._('Yes, disconnect')}
            </Button>
            <Button
              disabled={unlink.isPending}
              onClick={() => {
                setAsking(false);
                requestAnimationFrame(() => askButton.current?.focus());
              }}
            >
              {i18n._('Keep it')}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          ref={askButton}
          className="w-full sm:w-auto"
          onClick={() => {
            unlink.reset();
            setAsking(true);
            // The confirmation replaces the button: keyboard focus follows it.
            requestAnimationFrame(() => confirmButton.current?.focus());
          }}
        >
          {i18n._('Disconnect')}
        </Button>
      )}
      {unlink.isError && (
        <Alert>
          <p>{errorMessage(unlink.error)}</p>
        </Alert>
      )}
    </div>
  );
}

/**
 * "WhatsApp" on a student's account page (issue 43): link the number complaint updates go to, by
 * sending `LINK <code>` from WhatsApp. While a code is shown the link is read every few seconds,
 * so the card turns to the linked number by itself once the message has arrived. Nothing at all
 * is shown when the portal has no WhatsApp.
 */
export function WhatsAppCard() {
  const queryClient = useQueryClient();
  const getCode = useWhatsAppCode();
  const [code, setCode] = useState<WhatsAppLinkCode | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const live = useBefore(code?.expiresAt);
  const link = useWhatsAppLink({ poll: code !== null && live });
  const linked = link.data?.linked ?? null;
  // The code was sent from the phone: the number is linked now.
  const justLinked = code !== null && linked !== null;

  useEffect(() => {
    // The notifications page now offers the WhatsApp switch: it reads the channels anew.
    if (justLinked) queryClient.removeQueries({ queryKey: notificationChannelsKey });
  }, [justLinked, queryClient]);

  if (link.isPending) return null;
  if (!link.data) {
    return (
      <section aria-labelledby="whatsapp-heading" className={cn(card, 'mt-6')} data-testid="whatsapp">
        <h2 id="whatsapp-heading" className="text-lg font-semibold text-slate-900">
          {i18n._('WhatsApp')}
        </h2>
        <LoadError error={link.error} onRetry={() => void link.refetch()} className="mt-3" />
      </section>
    );
  }
  if (!link.data.available) return null;

  const requestCode = () => {
    setSaid(null);
    getCode.mutate(undefined, { onSuccess: setCode });
  };

  return (
    <section aria-labelledby="whatsapp-heading" className={cn(card, 'mt-6')} data-testid="whatsapp">
      <h2 id="whatsapp-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('WhatsApp')}
      </h2>
      {linked ? (
        <Linked
          phone={linked.phone}
          onUnlinked={() => {
            setCode(null);
            setSaid(i18n._('WhatsApp disconnected.'));
          }}
        />
      ) : (
        <>
          <p className="mt-1 text-slate-700">{i18n._('Get your complaint updates on WhatsApp and answer them from the chat.')}</p>
          {code ? (
            <CodeToSend code={code} live={live} onRenew={requestCode} renewing={getCode.isPending} />
          ) : (
            <Button variant="primary" className="mt-4 w-full sm:w-auto" pending={getCode.isPending} onClick={requestCode}>
              {i18n._('Connect WhatsApp')}
            </Button>
          )}
          {getCode.isError && (
            <Alert className="mt-4">
              <p>{errorMessage(getCode.error)}</p>
            </Alert>
          )}
        </>
      )}
      <StatusMessage message={justLinked ? i18n._('WhatsApp connected.') : said} className="mt-3" data-testid="whatsapp-status" />
    </section>
  );
}

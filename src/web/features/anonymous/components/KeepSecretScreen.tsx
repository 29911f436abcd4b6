import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AnonymousFiled } from '../../../../shared/anonymous';
import { LeaveQuestion } from '../../../components/LeaveQuestion';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { slot, WithSlots } from '../../../components/ui/WithSlots';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Controls';
import { card } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { i18n } from '../../../lib/i18n';
import { DocumentTitle } from '../../../components/DocumentTitle';

/** What each of the two values is called, and what its copy button says and tells. */
function keptTexts(which: 'code' | 'secret') {
  return which === 'code'
    ? {
        label: i18n._('Tracking code'),
        copy: i18n._('Copy tracking code'),
        copied: i18n._('Tracking code copied.'),
        notCopied: i18n._('Tracking code could not be copied here: write it down as shown.'),
      }
    : {
        label: i18n._('Secret'),
        copy: i18n._('Copy secret'),
        copied: i18n._('Secret copied.'),
        notCopied: i18n._('Secret could not be copied here: write it down as shown.'),
      };
}

/** One of the two values, large and in a fixed-width font, with its copy button. */
function Kept({ which, value, testId, onCopied }: { which: 'code' | 'secret'; value: string; testId: string; onCopied: (message: string) => void }) {
  const id = `kept-${testId}`;
  const texts = keptTexts(which);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      onCopied(texts.copied);
    } catch {
      // No clipboard (an old browser, or permission refused): the value is on the screen to write down.
      onCopied(texts.notCopied);
    }
  }
  return (
    <div className="rounded-lg border border-slate-300 bg-white p-3">
      <p id={id} className="text-sm font-semibold text-slate-700">
        {texts.label}
      </p>
      <p aria-labelledby={id} className="mt-1 font-mono text-xl font-semibold tracking-wide break-all text-slate-900" data-testid={testId}>
        {value}
      </p>
      <Button className="mt-2 w-full sm:w-auto" onClick={() => void copy()} aria-describedby={id}>
        {texts.copy}
      </Button>
    </div>
  );
}

/**
 * The only time the tracking code and the secret are shown. Leaving waits for "I have saved them":
 * the buttons stay disabled until then, a link elsewhere in the app asks on the page first, and
 * closing or reloading the tab gets the browser's own question.
 */
export function KeepSecretScreen({ filed }: { filed: AnonymousFiled }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);

  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <section aria-labelledby="kept-heading" className={cn(card, 'border-green-300 bg-green-50')} data-testid="keep-secret">
      <DocumentTitle>{i18n._('Your report was sent')}</DocumentTitle>
      <h1 id="kept-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-green-950 outline-none">
        {i18n._('Your report was sent')}
      </h1>
      <p className="mt-2 text-green-950">
        {i18n._('The anti-ragging committee has it. To read their answers and reply, you need both of these.')}{' '}
        <WithSlots
          text={i18n._('{onlyTime}: nobody can show it again or recover it, the committee included.', { onlyTime: slot('onlyTime') })}
          slots={{ onlyTime: <strong>{i18n._('This is the only time the secret is shown')}</strong> }}
        />
      </p>
      <div className="mt-4 space-y-3">
        <Kept which="code" value={filed.trackingCode} testId="tracking-code" onCopied={setCopied} />
        <Kept which="secret" value={filed.secret} testId="tracking-secret" onCopied={setCopied} />
      </div>
      <StatusMessage message={copied} tone="neutral" className="mt-3" />
      <p className="mt-3 text-sm text-green-950">
        {i18n._('Keep them where only you can see them (a note on your phone, paper). Anyone who has both can read the thread and reply as you.')}
      </p>
      <label className="mt-4 flex min-h-11 items-center gap-3 font-semibold text-green-950">
        <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        {i18n._('I have saved the tracking code and the secret')}
      </label>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button
          variant="primary"
          className="w-full sm:w-auto"
          disabled={!saved}
          onClick={() => void navigate('/ragging/follow', { state: { code: filed.trackingCode } })}
        >
          {i18n._('Open my report')}
        </Button>
        <Button className="w-full sm:w-auto" disabled={!saved} onClick={() => void navigate('/')}>
          {i18n._('Done')}
        </Button>
      </div>
      <LeaveQuestion
        block={!saved}
        unload={!saved}
        question={i18n._('You have not said you saved the secret. Without it you cannot follow the report, and it cannot be shown again. Leave anyway?')}
        stayLabel={i18n._('Stay and save them')}
        leaveLabel={i18n._('Leave without them')}
      />
    </section>
  );
}

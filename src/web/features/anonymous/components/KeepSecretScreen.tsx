import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AnonymousFiled } from '../../../../shared/anonymous';
import { LeaveQuestion } from '../../../components/LeaveQuestion';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';

/** One of the two values, large and in a fixed-width font, with its copy button. */
function Kept({ label, value, testId, onCopied }: { label: string; value: string; testId: string; onCopied: (message: string) => void }) {
  const id = `kept-${testId}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      onCopied(`${label} copied.`);
    } catch {
      // No clipboard (an old browser, or permission refused): the value is on the screen to write down.
      onCopied(`${label} could not be copied here: write it down as shown.`);
    }
  }
  return (
    <div className="rounded-lg border border-slate-300 bg-white p-3">
      <p id={id} className="text-sm font-semibold text-slate-700">
        {label}
      </p>
      <p aria-labelledby={id} className="mt-1 font-mono text-xl font-semibold tracking-wide break-all text-slate-900" data-testid={testId}>
        {value}
      </p>
      <button type="button" className={cn(buttonSecondary, 'mt-2 w-full sm:w-auto')} onClick={() => void copy()} aria-describedby={id}>
        Copy {label.toLowerCase()}
      </button>
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
      <title>Your report was sent</title>
      <h1 id="kept-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-green-950 outline-none">
        Your report was sent
      </h1>
      <p className="mt-2 text-green-950">
        The anti-ragging committee has it. To read their answers and reply, you need both of these.{' '}
        <strong>This is the only time the secret is shown</strong>: nobody can show it again or recover it, the committee included.
      </p>
      <div className="mt-4 space-y-3">
        <Kept label="Tracking code" value={filed.trackingCode} testId="tracking-code" onCopied={setCopied} />
        <Kept label="Secret" value={filed.secret} testId="tracking-secret" onCopied={setCopied} />
      </div>
      <StatusMessage message={copied} tone="neutral" className="mt-3" />
      <p className="mt-3 text-sm text-green-950">
        Keep them where only you can see them (a note on your phone, paper). Anyone who has both can read the thread and reply as you.
      </p>
      <label className="mt-4 flex min-h-11 items-center gap-3 font-semibold text-green-950">
        <input type="checkbox" className="size-5 shrink-0 accent-brand-700" checked={saved} onChange={(event) => setSaved(event.target.checked)} />
        I have saved the tracking code and the secret
      </label>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          className={cn(buttonPrimary, 'w-full sm:w-auto')}
          disabled={!saved}
          onClick={() => void navigate('/ragging/follow', { state: { code: filed.trackingCode } })}
        >
          Open my report
        </button>
        <button type="button" className={cn(buttonSecondary, 'w-full sm:w-auto')} disabled={!saved} onClick={() => void navigate('/')}>
          Done
        </button>
      </div>
      <LeaveQuestion
        block={!saved}
        unload={!saved}
        question="You have not said you saved the secret. Without it you cannot follow the report, and it cannot be shown again. Leave anyway?"
        stayLabel="Stay and save them"
        leaveLabel="Leave without them"
      />
    </section>
  );
}

import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isWorkerRole } from '../../../../shared/permissions';
import type { NotificationChannels } from '../../../../shared/push';
import { SignedInGate } from '../../../components/SignedInGate';
import { Button } from '../../../components/ui/Button';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { card, textLink } from '../../../components/ui/styles';
import { slot, WithSlots } from '../../../components/ui/WithSlots';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { i18n } from '../../../lib/i18n';
import { useWhatsAppLink } from '../../../lib/whatsapp-link';
import { useChannels, useSaveChannels } from '../api/channels';
import { deviceSubscribed, PushDeviceError, subscribeDevice, unsubscribeDevice, type DeviceProblem } from '../api/push-device';

const PROBLEMS: Record<DeviceProblem, () => string> = {
  unsupported: () => i18n._('This browser cannot receive push notifications here. On an iPhone or iPad, add the portal to your home screen (iOS 16.4 or later) and open it from there. The bell and mail still reach you.'),
  'no-app': () => i18n._('Push notifications need the installed app: add the portal to your home screen (on an iPhone, iOS 16.4 or later), open it from there and turn push on.'),
  denied: () => i18n._('Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.'),
  'push-off': () => i18n._('Push notifications are not set up on this portal yet. The bell and mail still reach you.'),
};

interface SwitchProps {
  label: string;
  description: string;
  checked: boolean;
  busy: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off switch that acts at once (no Save button): a button with role="switch". */
function Switch({ label, description, checked, busy, onChange }: SwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <p id={`${id}-label`} className="font-semibold text-slate-900">
          {label}
        </p>
        <p id={`${id}-description`} className="text-sm text-slate-700">
          {description}
        </p>
      </div>
      <Button
        variant="plain"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        pending={busy}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 transition-colors disabled:opacity-60',
          checked ? 'border-brand-700 bg-brand-700' : 'border-slate-400 bg-slate-200',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('inline-block size-6 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-0.5')}
        />
      </Button>
    </div>
  );
}

/** Where a student without a linked number links one, while the portal has WhatsApp (nothing otherwise). */
function ConnectWhatsAppHint() {
  const link = useWhatsAppLink();
  if (!link.data?.available) return null;
  return (
    <p className="py-3 text-sm text-slate-700" data-testid="whatsapp-hint">
      <WithSlots
        text={i18n._('Connect WhatsApp on {accountPage} to get updates there.', { accountPage: slot('accountPage') })}
        slots={{
          accountPage: (
            <Link to="/userInfo" className={textLink}>
              {i18n._('your account page')}
            </Link>
          ),
        }}
      />
    </p>
  );
}

function Channels({ saved, student }: { saved: NotificationChannels; student: boolean }) {
  const save = useSaveChannels();
  const [device, setDevice] = useState<boolean | undefined>(undefined);
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'neutral' } | null>(null);

  useEffect(() => {
    let live = true;
    void deviceSubscribed().then((on) => live && setDevice(on), () => live && setDevice(false));
    return () => {
      live = false;
    };
  }, []);

  const change = async (next: NotificationChannels, done: string) => {
    setMessage(null);
    try {
      await save.mutateAsync(next);
      setMessage({ text: done, tone: 'success' });
    } catch (error) {
      setMessage({ text: errorMessage(error), tone: 'neutral' });
    }
  };

  const changePush = async (on: boolean) => {
    setMessage(null);
    setWorking(true);
    try {
      if (on) {
        await subscribeDevice();
        setDevice(true);
        await change({ ...saved, push: true }, i18n._('Saved: push notifications on this device.'));
      } else {
        await unsubscribeDevice();
        setDevice(false);
        await change({ ...saved, push: false }, i18n._('Saved: no push notifications.'));
      }
    } catch (error) {
      setMessage({ text: error instanceof PushDeviceError ? PROBLEMS[error.problem]() : errorMessage(error), tone: 'neutral' });
    } finally {
      setWorking(false);
    }
  };

  const busy = save.isPending || working;
  return (
    <div className={cn(card, 'mt-6 max-w-xl')} data-testid="notification-channels">
      <h2 className="text-lg font-semibold text-slate-900">{i18n._('How you hear of your complaints')}</h2>
      <div className="divide-y divide-slate-200">
        <Switch
          label={i18n._('Push notifications')}
          description={
            saved.push && device === false
              ? i18n._('Not on this device yet: turn it on to be told here, even when the portal is closed.')
              : i18n._('A notification on this phone or computer, even when the portal is closed. Off stops them on all your devices.')
          }
          checked={saved.push && device !== false}
          busy={busy || device === undefined}
          onChange={(on) => void changePush(on)}
        />
        <Switch
          label={i18n._('E-mail')}
          description={i18n._('Mail to your university address.')}
          checked={saved.mail}
          busy={busy}
          onChange={(on) => void change({ ...saved, mail: on }, on ? i18n._('Saved: you get e-mail.') : i18n._('Saved: no e-mail.'))}
        />
        <Switch
          label={i18n._('The bell')}
          description={i18n._('The list under the bell at the top of the portal.')}
          checked={saved.bell}
          busy={busy}
          onChange={(on) => void change({ ...saved, bell: on }, on ? i18n._('Saved: the bell rings.') : i18n._('Saved: the bell stays quiet.'))}
        />
        {saved.whatsappLinked ? (
          <Switch
            label={i18n._('WhatsApp')}
            description={i18n._('Messages to your linked WhatsApp number; you can answer them from the chat.')}
            checked={saved.whatsapp}
            busy={busy}
            onChange={(on) =>
              void change({ ...saved, whatsapp: on }, on ? i18n._('Saved: updates come on WhatsApp.') : i18n._('Saved: no WhatsApp messages.'))
            }
          />
        ) : (
          student && <ConnectWhatsAppHint />
        )}
      </div>
      <StatusMessage message={message?.text} tone={message?.tone} className="mt-2" data-testid="notification-channels-status" />
    </div>
  );
}

function Settings({ workerSection, student }: { workerSection: ReactNode; student: boolean }) {
  const channels = useChannels();
  return (
    <>
      {channels.isPending ? (
        <LoadingStatus label={i18n._('Loading your settings…')} />
      ) : channels.isError ? (
        <LoadError error={channels.error} onRetry={() => void channels.refetch()} />
      ) : (
        <Channels saved={channels.data} student={student} />
      )}
      {workerSection}
    </>
  );
}

/**
 * Route /settings/notifications (and /staff/settings): one place per person for how they are told.
 * `workerSection` is what staff, wardens and admins see below the switches (how much they hear of
 * new work); the app composes it in, since one feature does not import another.
 */
export function NotificationSettingsPage({
  workerSection,
  title,
  back,
}: {
  workerSection?: ReactNode;
  /** The document title (the staff console's address keeps its own). */
  title?: string;
  /** A way back, above the heading (the staff console's address leads back to the queue). */
  back?: ReactNode;
}) {
  return (
    <section aria-labelledby="notification-settings-heading" className="mx-auto max-w-xl">
      {back && <div className="mt-2">{back}</div>}
      <PageHeading id="notification-settings-heading" title={title ?? i18n._('Notifications · Hostel Complaint Portal')}>
        {i18n._('Notifications')}
      </PageHeading>
      <SignedInGate>
        {(user) => <Settings workerSection={isWorkerRole(user.role) ? workerSection : null} student={user.role === 'student'} />}
      </SignedInGate>
    </section>
  );
}

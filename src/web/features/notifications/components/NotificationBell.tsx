import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { useMe } from '../../../lib/me';
import { i18n } from '../../../lib/i18n';
import { notificationsQueryOptions } from '../api/notifications';
import { NotificationPanel } from './NotificationPanel';

const PANEL_ID = 'notifications-panel';

/**
 * The bell in the header (signed-in users only): the unread count, and a panel with the
 * notifications. It closes on Escape, outside clicks and navigation. The layout loads this module
 * lazily, once somebody is signed in, so it costs the first download nothing.
 */
export default function NotificationBell() {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const list = useQuery({ ...notificationsQueryOptions, enabled: signedIn });
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        button.current?.focus();
      } else if (wrapper.current?.contains(event.target as Node)) return;
      setOpenAt(null);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  if (!me.data) return null;
  const unread = list.data?.unread ?? 0;

  return (
    <div ref={wrapper} className="shrink-0">
      <Button
        ref={button}
        variant="plain"
        className="relative inline-flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-900 hover:bg-slate-100"
        aria-label={i18n._('Notifications, {count} unread', { count: unread })}
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        onClick={() => {
          // Opening the panel shows what is new now, not what the last minute's poll saw.
          if (!open) void list.refetch();
          setOpenAt(open ? null : location.key);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path d="M10 2a5 5 0 0 0-5 5v2.6l-1.7 3A1 1 0 0 0 4.2 14h11.6a1 1 0 0 0 .9-1.4L15 9.6V7a5 5 0 0 0-5-5m-2 13a2 2 0 1 0 4 0z" />
        </svg>
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Button>
      {open && (
        <div
          id={PANEL_ID}
          className="absolute inset-x-0 top-full z-30 border-b border-slate-200 bg-white p-4 shadow-lg sm:right-4 sm:left-auto sm:mt-1 sm:w-96 sm:rounded-xl sm:border"
        >
          <NotificationPanel list={list} role={me.data.role} />
        </div>
      )}
    </div>
  );
}

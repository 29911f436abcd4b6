import { BackLink } from '../components/ui/PageHeading';
import { i18n } from '../lib/i18n';
import { NotificationSettingsPage } from '../features/settings/components/NotificationSettingsPage';
import { NewWorkSettings } from '../features/staff/components/NotificationSettings';

/** /settings/notifications: the channels for everyone, and for workers how much they hear of new work. */
export function NotificationSettingsRoute() {
  return <NotificationSettingsPage workerSection={<NewWorkSettings />} />;
}

/** /staff/settings, the console's link: the same page, with the way back to the queue. */
export function StaffNotificationSettingsRoute() {
  return (
    <NotificationSettingsPage
      title={i18n._('Notifications · Staff console · Hostel Complaint Portal')}
      back={<BackLink to="/staff">{i18n._('Back to the queue')}</BackLink>}
      workerSection={<NewWorkSettings />}
    />
  );
}

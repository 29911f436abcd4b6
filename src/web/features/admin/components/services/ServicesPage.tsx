import { i18n } from '../../../../lib/i18n';
import { LoadError } from '../../../../components/ui/LoadError';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { useHostels } from '../../api/get-hostels';
import { useServices } from '../../api/get-services';
import { SectionHeader } from '../SectionHeader';
import { ServiceForm } from './ServiceForm';

/** Route /admin/services: Room Cleaning and Laundry, on or off, and who gets their requests. */
export function ServicesPage() {
  const services = useServices();
  const hostels = useHostels();
  const names = hostels.data?.items.filter((h) => !h.retired).map((h) => h.name) ?? [];

  return (
    <section aria-labelledby="services-heading">
      <SectionHeader title={i18n._('Services')} id="services-heading">
        {i18n._('What students can ask for besides complaints, and where the requests go.')}
      </SectionHeader>
      {services.isPending ? (
        <LoadingStatus label={i18n._('Loading the services…')} />
      ) : services.isError ? (
        <LoadError error={services.error} onRetry={() => void services.refetch()} />
      ) : (
        <div className="mt-6 grid gap-6">
          {services.data.items.map((service) => (
            <ServiceForm key={service.key} service={service} hostels={names} />
          ))}
        </div>
      )}
    </section>
  );
}

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
      <SectionHeader title="Services" id="services-heading">
        What students can ask for besides complaints, and where the requests go.
      </SectionHeader>
      {services.isPending ? (
        <LoadingStatus label="Loading the services…" />
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

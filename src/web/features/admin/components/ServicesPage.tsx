import { useState } from 'react';
import type { FormEvent } from 'react';
import { serviceUpdateSchema, type ServiceAdmin } from '../../../../shared/admin';
import { Field } from '../../../components/ui/Field';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { buttonPrimary, card, fieldControl } from '../../../components/ui/styles';
import { useHostels } from '../api/get-hostels';
import { useServices } from '../api/get-services';
import { useUpdateService } from '../api/update-service';
import { checkFailure, describeFailure, problemsFromIssues, type Problems } from '../lib/problems';
import { Badge, FormAlert, LoadError, SavedStatus, SectionHeader } from './common';
import { RoutingEditor, routingDraft, routingValue, type RoutingDraft } from './RoutingEditor';

const SHOWN = ['label', 'enabled', 'routing'];

const DESCRIPTIONS: Record<ServiceAdmin['key'], string> = {
  room_cleaning: 'Students ask for their room to be cleaned from the Assistance page.',
  laundry: 'Students ask for their laundry to be picked up from the Assistance page.',
};

function ServiceForm({ service, hostels }: { service: ServiceAdmin; hostels: readonly string[] }) {
  const update = useUpdateService(service.key);
  const [label, setLabel] = useState(service.label);
  const [enabled, setEnabled] = useState(service.enabled);
  const [routing, setRouting] = useState<RoutingDraft>(() => routingDraft(service.routing));
  const [problems, setProblems] = useState<Problems>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const idPrefix = `service-${service.key}`;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    setSaved(null);
    const parsed = serviceUpdateSchema.safeParse({ label, enabled, routing: routingValue(routing) });
    if (!parsed.success) {
      const failure = checkFailure(problemsFromIssues(parsed.error.issues), SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message);
      return;
    }
    setProblems({});
    try {
      const result = await update.mutateAsync(parsed.data);
      setSaved(`${result.label} is saved${result.enabled ? '' : ' (switched off)'}.`);
    } catch (error) {
      const failure = describeFailure(error, SHOWN);
      setProblems(failure.problems);
      setAlert(failure.message);
    }
  }

  return (
    <form
      noValidate
      aria-labelledby={`${idPrefix}-heading`}
      className={`${card} space-y-4`}
      data-testid="service"
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${idPrefix}-heading`} className="text-lg font-semibold text-slate-900">
          {service.label}
        </h2>
        <Badge tone={service.enabled ? 'success' : 'neutral'}>{service.enabled ? 'On' : 'Off'}</Badge>
      </div>
      <p className="text-sm text-slate-700">{DESCRIPTIONS[service.key]}</p>
      <Field id={`${idPrefix}-label`} label="Label" hint="What students see on the Assistance page." error={problems.label}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            maxLength={60}
            className={fieldControl}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
          />
        )}
      </Field>
      <label className="flex min-h-11 items-center gap-3 text-slate-900">
        <input
          type="checkbox"
          role="switch"
          className="size-5 accent-brand-700"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        Students can ask for it
      </label>
      <RoutingEditor idPrefix={`${idPrefix}-routing`} value={routing} onChange={setRouting} problems={problems} hostels={hostels} />
      <FormAlert message={alert} />
      <button type="submit" className={buttonPrimary} disabled={update.isPending}>
        {update.isPending ? 'Saving…' : `Save ${service.label}`}
      </button>
      <SavedStatus message={saved} />
    </form>
  );
}

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

import { i18n } from '../../../../lib/i18n';
import { slot } from '../../../../components/ui/WithSlots';
import { WithHiddenName } from '../HiddenName';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { routingSchema, type Routing } from '../../../../../shared/admin';
import type { RoutingKeyUse, RoutingRule } from '../../../../../shared/routing';
import { Button } from '../../../../components/ui/Button';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { LoadError } from '../../../../components/ui/LoadError';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { card } from '../../../../components/ui/styles';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { useHostels } from '../../api/get-hostels';
import { useRouting } from '../../api/get-routing';
import { useSaveRouting } from '../../api/put-routing-rule';
import { useWarnIfUnsaved } from '../../lib/unsaved-changes';
import { SectionHeader } from '../SectionHeader';
import { RoutingEditor, emptyRouting, recipientsLabel, routingDraft, routingValue, type RoutingDraft } from '../RoutingEditor';

/** Translated when shown. */
const kindLabels = (): Record<RoutingKeyUse['usedBy'][number]['kind'], string> => ({
  category: i18n._('Category'),
  subCategory: i18n._('Sub-category'),
  service: i18n._('Service'),
});

/** A key's rules as the editor holds routing: the default (none yet: empty) and each hostel's own. */
function routingOf(rules: readonly RoutingRule[]): RoutingDraft {
  const fallback = rules.find((r) => r.hostel === '');
  const overrides = rules.filter((r) => r.hostel !== '').map((r) => ({ hostel: r.hostel, to: r.to, cc: r.cc }));
  return fallback || overrides.length ? routingDraft({ default: { to: fallback?.to ?? [], cc: fallback?.cc ?? [] }, overrides }) : emptyRouting();
}

const draftSchema = z.object({ routing: routingSchema });

function RoutingKeyForm({ routingKey, rules, hostels, onDone }: { routingKey: string; rules: readonly RoutingRule[]; hostels: readonly string[]; onDone: (message: string | null) => void }) {
  const save = useSaveRouting(routingKey);
  const form = useForm<{ routing: RoutingDraft }, unknown, { routing: Routing }>({
    defaultValues: { routing: routingOf(rules) },
    resolver: draftResolver(draftSchema, (d: { routing: RoutingDraft }) => ({ routing: routingValue(d.routing) }), {
      invalidMessage: i18n._('Some recipients need attention: see the messages below them.'),
    }),
    reValidateMode: 'onChange',
  });
  useWarnIfUnsaved(form.formState.isDirty);
  const submit = form.handleSubmit(async ({ routing }) => {
    try {
      await save.mutateAsync({ routing, before: rules.filter((r) => r.hostel !== '').map((r) => r.hostel) });
      onDone(i18n._('Saved who receives {key}.', { key: routingKey }));
    } catch (error) {
      applyServerErrors(form, error);
    }
  });
  return (
    <form noValidate aria-label={i18n._('Recipients of {key}', { key: routingKey })} className="mt-4 space-y-4" onSubmit={(event) => void submit(event)}>
      <RoutingEditor control={form.control} hostels={hostels} />
      <FormAlert control={form.control} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" pending={save.isPending} pendingLabel={i18n._('Saving…')}>
          {i18n._('Save {key}', { key: routingKey })}
        </Button>
        <Button onClick={() => onDone(null)}>{i18n._('Cancel')}</Button>
      </div>
    </form>
  );
}

/** One routing key: what it routes, who receives it (every hostel, then each hostel of its own), and its editor. */
function RoutingKeyCard({ use, rules, hostels }: { use: RoutingKeyUse; rules: readonly RoutingRule[]; hostels: readonly string[] }) {
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const fallback = rules.find((r) => r.hostel === '');
  return (
    <li className={card} data-testid="routing-key">
      <h2 className="font-mono text-lg font-semibold break-all text-slate-900">{use.routingKey}</h2>
      <dl className="mt-2 grid gap-y-1 text-sm">
        <div>
          <dt className="inline font-medium text-slate-600">{i18n._('Routes:')} </dt>
          <dd className="inline text-slate-900">{use.usedBy.map((u) => `${u.name} (${kindLabels()[u.kind].toLowerCase()})`).join(', ')}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-600">{i18n._('Every hostel:')} </dt>
          <dd className="inline wrap-anywhere text-slate-900">{fallback ? recipientsLabel(fallback) : i18n._('nobody yet: set the recipients')}</dd>
        </div>
        {rules
          .filter((r) => r.hostel !== '')
          .map((r) => (
            <div key={r.hostel}>
              <dt className="inline font-medium text-slate-600">{r.hostel}: </dt>
              <dd className="inline wrap-anywhere text-slate-900">{recipientsLabel(r)}</dd>
            </div>
          ))}
      </dl>
      <StatusMessage className="mt-2" message={message} />
      {editing ? (
        <RoutingKeyForm
          routingKey={use.routingKey}
          rules={rules}
          hostels={hostels}
          onDone={(saved) => {
            setEditing(false);
            setMessage(saved);
          }}
        />
      ) : (
        <Button
          className="mt-3"
          onClick={() => {
            setMessage(null);
            setEditing(true);
          }}
        >
          <WithHiddenName text={i18n._('Edit {name}', { name: slot('name') })} name={i18n._('the recipients of {key}', { key: use.routingKey })} />
        </Button>
      )}
    </li>
  );
}

/**
 * Route /admin/routing: every routing key the catalogue uses (a category's, a sub-category's own,
 * a service's) with what it routes and who receives it, each editable. A sub-category given a key
 * of its own starts with its category's recipients; this is where they are changed.
 */
export function RoutingPage() {
  const routing = useRouting();
  const hostels = useHostels();
  const names = hostels.data?.items.filter((h) => !h.retired).map((h) => h.name) ?? [];
  return (
    <section aria-labelledby="routing-heading">
      <SectionHeader title={i18n._('Routing')} id="routing-heading">
        {i18n._("Who receives the mail of each routing key: a category's, a sub-category's own, a service's. Students never choose it.")}
      </SectionHeader>
      {routing.isPending ? (
        <LoadingStatus label={i18n._('Loading the routing…')} />
      ) : routing.isError ? (
        <LoadError error={routing.error} onRetry={() => void routing.refetch()} />
      ) : (
        <ul className="mt-6 grid gap-4">
          {routing.data.keys.map((use) => (
            <RoutingKeyCard key={use.routingKey} use={use} rules={routing.data.items.filter((r) => r.routingKey === use.routingKey)} hostels={names} />
          ))}
        </ul>
      )}
    </section>
  );
}

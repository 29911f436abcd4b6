import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { HostelAdmin } from '../../../../../shared/admin';
import {
  areaCodeSuggestion,
  commonAreaCreateSchema,
  commonAreaUpdateSchema,
  type CommonAreaAdmin,
  type CommonAreaCreate,
  type CommonAreaUpdate,
} from '../../../../../shared/places';
import { Badge } from '../../../../components/ui/Badge';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { SelectField, TextField } from '../../../../components/ui/FormFields';
import { LoadError } from '../../../../components/ui/LoadError';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { fieldError } from '../../../../components/ui/styles';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { useCreateCommonArea } from '../../api/create-common-area';
import { useCommonAreas } from '../../api/get-common-areas';
import { useUpdateCommonArea } from '../../api/update-common-area';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';
import { i18n } from '../../../../lib/i18n';
import { describeFailure } from '../../lib/problems';
import { WithHiddenName } from '../HiddenName';
import { translationDraft, translationInputs, type TranslationDraft } from '../../lib/translations';
import { TranslatedTextFields } from '../TranslatedTextFields';

/** The floor select's value for an area serving the whole building. */
const WHOLE_BUILDING = 'all';

interface AreaDraft {
  name: string;
  translations: TranslationDraft<'name'>;
  /** A floor as text, or WHOLE_BUILDING. */
  floor: string;
  code: string;
}

const floorOf = (draft: Pick<AreaDraft, 'floor'>): number | null => (draft.floor === WHOLE_BUILDING ? null : Number(draft.floor));
const draftOf = (area: CommonAreaAdmin): AreaDraft => ({ name: area.name, translations: translationDraft(area.translations, ['name']), floor: area.floor === null ? WHOLE_BUILDING : String(area.floor), code: area.code });

/** What an update sends: the area as it is, with the changes given. */
const updateOf = (area: CommonAreaAdmin, change: Partial<CommonAreaUpdate> = {}): CommonAreaUpdate => ({
  name: area.name,
  translations: area.translations,
  floor: area.floor,
  code: area.code,
  position: area.position,
  retired: area.retired,
  ...change,
});

function FloorOptions({ hostel }: { hostel: HostelAdmin }) {
  const floors: number[] = [];
  for (let floor = hostel.floorMin; floor <= hostel.floorMax; floor += 1) floors.push(floor);
  return (
    <>
      <option value={WHOLE_BUILDING}>{i18n._('Whole building')}</option>
      {floors.map((floor) => (
        <option key={floor} value={String(floor)}>
          {i18n._('Floor {floor}', { floor })}
        </option>
      ))}
    </>
  );
}

/**
 * The area form: name, floor (or the whole building) and code. While adding, the code follows the
 * name and floor (F3WASH) until the administrator types one of their own.
 */
function AreaForm({ hostel, area, onSaved }: { hostel: HostelAdmin; area?: CommonAreaAdmin; onSaved: (message: string) => void }) {
  const create = useCreateCommonArea(hostel.id);
  const update = useUpdateCommonArea(hostel.id);
  const form = useForm<AreaDraft, unknown, CommonAreaCreate | CommonAreaUpdate>({
    defaultValues: area ? draftOf(area) : { name: '', translations: translationDraft(undefined, ['name']), floor: String(hostel.floorMin), code: '' },
    resolver: area
      ? draftResolver(commonAreaUpdateSchema, (d: AreaDraft) => updateOf(area, { name: d.name, translations: d.translations, floor: floorOf(d), code: d.code }))
      : draftResolver(commonAreaCreateSchema, (d: AreaDraft) => ({ name: d.name, translations: d.translations, floor: floorOf(d), ...(d.code.trim() ? { code: d.code } : {}) })),
    reValidateMode: 'onChange',
  });
  const [name, floor] = useWatch({ control: form.control, name: ['name', 'floor'] });
  useEffect(() => {
    // Only while adding, and until the administrator types a code of their own (setValue leaves it clean).
    if (area || form.getFieldState('code').isDirty) return;
    form.setValue('code', name.trim() ? areaCodeSuggestion(name, floorOf({ floor })) : '');
  }, [area, name, floor, form]);
  const pending = area ? update.isPending : create.isPending;
  const prefix = area ? `area-${area.id}` : `new-area-${hostel.id}`;

  const submit = form.handleSubmit(async (payload) => {
    try {
      if (area) {
        const saved = await update.mutateAsync({ areaId: area.id, body: payload as CommonAreaUpdate });
        onSaved(i18n._('Saved {name}.', { name: saved.label }));
      } else {
        const added = await create.mutateAsync(payload);
        form.reset({ name: '', translations: translationDraft(undefined, ['name']), floor: String(hostel.floorMin), code: '' });
        onSaved(i18n._("{name} is added: its label's address is {address}.", { name: added.label, address: added.address }));
      }
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-label={area ? i18n._('Edit {name}', { name: area.label }) : i18n._('Add a common area to {hostel}', { hostel: hostel.name })}
      className="mt-3 space-y-3"
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          control={form.control}
          id={`${prefix}-name`}
          name="name"
          label={i18n._('Area name')}
          hint={i18n._('e.g. Washroom, Corridor, Mess hall')}
          autoComplete="off"
          maxLength={60}
        />
        <TranslatedTextFields control={form.control} name={(locale) => `translations.${locale}.name`} words={(words) => words.areaName} id={(locale) => `${prefix}-name-${locale}`} autoComplete="off" maxLength={60} />
        <SelectField control={form.control} id={`${prefix}-floor`} name="floor" label={i18n._('Where')}>
          <FloorOptions hostel={hostel} />
        </SelectField>
        <TextField
          control={form.control}
          id={`${prefix}-code`}
          name="code"
          label={i18n._('Code')}
          hint={i18n._('On its printed label: a letter, then letters or digits')}
          autoComplete="off"
          maxLength={12}
          controlClassName="font-mono uppercase"
        />
      </div>
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" pending={pending} pendingLabel={area ? i18n._('Saving…') : i18n._('Adding…')}>
        {area ? i18n._('Save area') : i18n._('Add area')}
      </Button>
    </form>
  );
}

/** One area: its label and code, Edit, Up and Down (the order the forms list them in), Retire or Bring back. */
interface AreaRowProps {
  hostel: HostelAdmin;
  area: CommonAreaAdmin;
  /** The areas in use, in order (empty for a retired one, which has no place in it). */
  siblings?: readonly CommonAreaAdmin[];
  /** Its confirmation, kept by the panel: retiring moves the row to the other list (another element). */
  message: string | null;
  setMessage: (message: string | null) => void;
}

const toggleId = (area: Pick<CommonAreaAdmin, 'id'>) => `area-${area.id}-toggle`;

function AreaRow({ hostel, area, siblings = [], message, setMessage }: AreaRowProps) {
  const index = siblings.findIndex((a) => a.id === area.id);
  const update = useUpdateCommonArea(hostel.id);
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function toggleRetired() {
    setMessage(null);
    setProblem(null);
    try {
      await update.mutateAsync({ areaId: area.id, body: updateOf(area, { retired: !area.retired }) });
      setMessage(
        area.retired
          ? i18n._('{name} is back: students can file for it again.', { name: area.label })
          : i18n._('{name} is retired: its label no longer works.', { name: area.label }),
      );
      // The row now stands in the other list: the focus follows it.
      requestAnimationFrame(() => document.getElementById(toggleId(area))?.focus());
    } catch (error) {
      setProblem(describeFailure(error, []).message);
    }
  }

  /** Moves it one place up or down: the areas in use are numbered again in the new order, and those whose number changed are saved. */
  async function move(direction: -1 | 1) {
    const order = [...siblings];
    const other = order[index + direction];
    if (index < 0 || !other) return;
    order[index] = other;
    order[index + direction] = area;
    setMessage(null);
    setProblem(null);
    try {
      for (const [position, item] of order.entries()) {
        if (item.position !== position) await update.mutateAsync({ areaId: item.id, body: updateOf(item, { position }) });
      }
      setMessage(direction < 0 ? i18n._('Moved up.') : i18n._('Moved down.'));
    } catch (error) {
      setProblem(describeFailure(error, []).message);
    }
  }

  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="common-area">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0">
          <span className="font-semibold text-slate-900">{area.label}</span> {area.retired && <Badge tone="warning">{i18n._('Retired')}</Badge>}
          {translationInputs().map(
            ({ locale }) =>
              area.translations[locale]?.name && (
                <span key={locale} className="block text-sm text-slate-700" lang={locale}>
                  {area.translations[locale]?.name}
                </span>
              ),
          )}
          <span className="block text-sm text-slate-700">
            <WithSlots
              text={i18n._('Code {code} · label {address}', { code: slot('code'), address: slot('address') })}
              slots={{ code: <span className="font-mono">{area.code}</span>, address: <span className="font-mono">{area.address}</span> }}
            />
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {!area.retired && (
            <>
              <Button aria-expanded={editing} onClick={() => setEditing(!editing)}>
                <WithHiddenName text={editing ? i18n._('Close {name}', { name: slot('name') }) : i18n._('Edit {name}', { name: slot('name') })} name={area.label} />
              </Button>
              {index > 0 && (
                <Button disabled={update.isPending} onClick={() => void move(-1)}>
                  <WithHiddenName text={i18n._('Up {name}', { name: slot('name') })} name={area.label} />
                </Button>
              )}
              {index >= 0 && index < siblings.length - 1 && (
                <Button disabled={update.isPending} onClick={() => void move(1)}>
                  <WithHiddenName text={i18n._('Down {name}', { name: slot('name') })} name={area.label} />
                </Button>
              )}
            </>
          )}
          {/* One mutation saves a move and a retirement: while either is on its way, the row's buttons wait. */}
          <Button id={toggleId(area)} disabled={update.isPending} onClick={() => void toggleRetired()}>
            <WithHiddenName
              text={area.retired ? i18n._('Bring back {name}', { name: slot('name') }) : i18n._('Retire {name}', { name: slot('name') })}
              name={area.label}
            />
          </Button>
        </div>
      </div>
      <StatusMessage message={message} className="mt-2" />
      {problem && <p className={fieldError}>{problem}</p>}
      {editing && (
        <AreaForm
          hostel={hostel}
          area={area}
          onSaved={(saved) => {
            setEditing(false);
            setMessage(saved);
          }}
        />
      )}
    </li>
  );
}

/**
 * A hostel's common areas in its card (decision 45): washrooms, corridors, the mess hall, each with
 * the code its printed label carries. Opened on demand, so the hostels' list stays one request.
 */
export function CommonAreasPanel({ hostel }: { hostel: HostelAdmin }) {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [note, setNote] = useState<{ id: string; text: string } | null>(null);
  const noteFor = (area: CommonAreaAdmin) => ({
    message: note?.id === area.id ? note.text : null,
    setMessage: (text: string | null) => setNote(text === null ? null : { id: area.id, text }),
  });
  const areas = useCommonAreas(hostel.id, open);
  const panelId = `hostel-${hostel.id}-areas`;
  const active = areas.data?.items.filter((a) => !a.retired) ?? [];
  const retired = areas.data?.items.filter((a) => a.retired) ?? [];

  return (
    <div className="mt-3">
      <Button aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
        <WithHiddenName
          text={open ? i18n._('Hide common areas {name}', { name: slot('name') }) : i18n._('Common areas {name}', { name: slot('name') })}
          name={i18n._('of {hostel}', { hostel: hostel.name })}
        />
      </Button>
      {open && (
        <section id={panelId} aria-label={i18n._('Common areas of {hostel}', { hostel: hostel.name })} className="mt-3 space-y-3 border-t border-slate-200 pt-3" data-testid="common-areas">
          {areas.isPending ? (
            <LoadingStatus label={i18n._('Loading the common areas…')} />
          ) : areas.isError ? (
            <LoadError error={areas.error} onRetry={() => void areas.refetch()} className="mt-2" />
          ) : (
            <>
              {active.length === 0 ? (
                <p className="text-slate-700">{i18n._('No common areas yet: students can file only for their rooms here.')}</p>
              ) : (
                <ul className="space-y-2" aria-label={i18n._('Common areas of {hostel} in use', { hostel: hostel.name })}>
                  {active.map((area) => (
                    <AreaRow key={area.id} hostel={hostel} area={area} siblings={active} {...noteFor(area)} />
                  ))}
                </ul>
              )}
              {retired.length > 0 && (
                <ul className="space-y-2" aria-label={i18n._('Retired common areas of {hostel}', { hostel: hostel.name })}>
                  {retired.map((area) => (
                    <AreaRow key={area.id} hostel={hostel} area={area} {...noteFor(area)} />
                  ))}
                </ul>
              )}
            </>
          )}
          <h4 className="font-semibold text-slate-900">{i18n._('Add a common area')}</h4>
          <AreaForm hostel={hostel} onSaved={setAdded} />
          <StatusMessage message={added} className="mt-2" />
        </section>
      )}
    </div>
  );
}

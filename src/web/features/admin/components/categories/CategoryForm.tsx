import { useForm, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import {
  categoryCreateSchema,
  categoryUpdateSchema,
  type CategoryAdmin,
  type CategoryCreate,
  type CategoryUpdate,
} from '../../../../../shared/admin';
import { categoryRoute } from '../../../../../shared/catalog';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../../components/ui/FormFields';
import type { TargetUnit } from '../../../../../shared/working-time';
import { TargetUnitOptions } from '../TargetUnitOptions';
import { Button } from '../../../../components/ui/Button';
import { card } from '../../../../components/ui/styles';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';
import { cn } from '../../../../lib/cn';
import { i18n } from '../../../../lib/i18n';
import { useWarnIfUnsaved } from '../../lib/unsaved-changes';
import { applyServerErrors, draftResolver } from '../../../../lib/form';
import { useCreateCategory } from '../../api/create-category';
import { useHostels } from '../../api/get-hostels';
import { useUpdateCategory } from '../../api/update-category';
import { toNumber } from '../../lib/problems';
import { ListEditor } from '../ListEditor';
import { RoutingEditor, emptyRouting, routingDraft, routingValue, type RoutingDraft } from '../RoutingEditor';
import { translationDraft, translationInputs, type TranslationDraft } from '../../lib/translations';
import { TranslatedTextFields } from '../TranslatedTextFields';

/** A sub-category as the form holds it: its own target and routing key as typed, empty for the category's. */
interface SubCategoryDraft {
  name: string;
  translations: TranslationDraft<'name'>;
  confidential: boolean;
  targetHours: string;
  /** Empty: the category's unit. */
  targetUnit: '' | TargetUnit;
  routingKey: string;
}

/** A category as the form holds it. The key only while adding (complaints are stored under it). */
interface CategoryDraft {
  key?: string;
  cardTitle: string;
  complaintHead: string;
  description: string;
  translations: TranslationDraft<'cardTitle' | 'complaintHead' | 'description'>;
  subCategories: SubCategoryDraft[];
  confidential: boolean;
  targetHours: string;
  targetUnit: TargetUnit;
  escalateWardensAfterHours: string;
  escalateAdminsAfterHours: string;
  routing: RoutingDraft;
}

const invalidMessage = () => i18n._('Some fields need attention: see the messages below them.');

const newSubCategory = (): SubCategoryDraft => ({ name: '', translations: translationDraft(undefined, ['name']), confidential: false, targetHours: '', targetUnit: '', routingKey: '' });

const emptyDraft = (): CategoryDraft => ({
  key: '',
  cardTitle: '',
  complaintHead: '',
  description: '',
  translations: translationDraft(undefined, ['cardTitle', 'complaintHead', 'description']),
  subCategories: [newSubCategory()],
  confidential: false,
  targetHours: '72',
  targetUnit: 'hours',
  escalateWardensAfterHours: '0',
  escalateAdminsAfterHours: '24',
  routing: emptyRouting(),
});

const draftOf = (c: CategoryAdmin): CategoryDraft => ({
  cardTitle: c.cardTitle,
  complaintHead: c.complaintHead,
  description: c.description,
  translations: translationDraft(c.translations, ['cardTitle', 'complaintHead', 'description']),
  subCategories: c.subCategories.map((sub) => ({
    name: sub.name,
    translations: translationDraft(sub.translations, ['name']),
    confidential: sub.confidential,
    targetHours: sub.targetHours === undefined ? '' : String(sub.targetHours),
    targetUnit: sub.targetUnit ?? '',
    routingKey: sub.routingKey ?? '',
  })),
  confidential: c.confidential,
  targetHours: String(c.targetHours),
  targetUnit: c.targetUnit,
  escalateWardensAfterHours: String(c.escalateWardensAfterHours),
  escalateAdminsAfterHours: String(c.escalateAdminsAfterHours),
  routing: routingDraft(c.routing),
});

/** Everything but the key, as the schemas take it. */
const bodyOf = (d: CategoryDraft) => ({
  cardTitle: d.cardTitle,
  complaintHead: d.complaintHead,
  description: d.description,
  translations: d.translations,
  // An empty target or key is left out: the sub-category then takes the category's.
  subCategories: d.subCategories.map((sub) => ({
    name: sub.name,
    translations: sub.translations,
    confidential: sub.confidential,
    ...(sub.targetHours.trim() === '' ? {} : { targetHours: toNumber(sub.targetHours) }),
    ...(sub.targetUnit === '' ? {} : { targetUnit: sub.targetUnit }),
    ...(sub.routingKey.trim() === '' ? {} : { routingKey: sub.routingKey.trim() }),
  })),
  confidential: d.confidential,
  targetHours: toNumber(d.targetHours),
  targetUnit: d.targetUnit,
  escalateWardensAfterHours: toNumber(d.escalateWardensAfterHours),
  escalateAdminsAfterHours: toNumber(d.escalateAdminsAfterHours),
  routing: routingValue(d.routing),
});

function useActiveHostelNames(): string[] {
  const hostels = useHostels();
  return hostels.data?.items.filter((h) => !h.retired).map((h) => h.name) ?? [];
}

/** The key, with the form address it gives (fixed once the category exists). */
function KeyField<P>({ control }: { control: Control<CategoryDraft, unknown, P> }) {
  const key = (useWatch({ control, name: 'key' }) ?? '').trim();
  return (
    <TextField
      control={control}
      name="key"
      label={i18n._('Key')}
      hint={
        <WithSlots
          text={i18n._("Lower-case letters and digits, fixed once the category exists. The form's address will be {address}.", { address: slot('address') })}
          slots={{ address: <code className="font-mono break-all">/complaints/{categoryRoute(key || '{key}')}</code> }}
        />
      }
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={30}
      controlClassName="font-mono"
    />
  );
}

function SubCategories<P>({ control }: { control: Control<CategoryDraft, unknown, P> }) {
  return (
    <ListEditor
      control={control}
      name="subCategories"
      legend={i18n._('Sub-categories')}
      hint={i18n._(
        "What kind of problem it is; the student picks one. A confidential one hides who filed the complaint. A kind may have its own target time and its own routing: a routing key whose recipients are set under Routing. Left empty, it takes the category's.",
      )}
      newRow={newSubCategory}
      addLabel={i18n._('Add a sub-category')}
      rowName={(index) => i18n._('sub-category {number}', { number: index + 1 })}
      maxRows={30}
      renderRow={(index) => (
        <div className="space-y-1">
          <TextField
            control={control}
            name={`subCategories.${index}.name`}
            label={i18n._('Sub-category {number}', { number: index + 1 })}
            hideLabel
            autoComplete="off"
            maxLength={60}
          />
          <TranslatedTextFields control={control} name={(locale) => `subCategories.${index}.translations.${locale}.name`} words={(words) => words.subCategory(index + 1)} autoComplete="off" maxLength={60} className="text-sm" />
          <CheckboxField
            control={control}
            name={`subCategories.${index}.confidential`}
            className="text-sm"
            label={
              <WithSlots
                text={i18n._('Confidential {which}', { which: slot('which') })}
                slots={{ which: <span className="sr-only">{i18n._('(sub-category {number})', { number: index + 1 })}</span> }}
              />
            }
          />
          <div className="grid gap-2 sm:grid-cols-2">
            <TextField
              control={control}
              name={`subCategories.${index}.targetHours`}
              label={
                <WithSlots
                  text={i18n._('Own target (hours){which}', { which: slot('which') })}
                  slots={{ which: <span className="sr-only">{i18n._(' of sub-category {number}', { number: index + 1 })}</span> }}
                />
              }
              inputMode="numeric"
              autoComplete="off"
            />
            <SelectField
              control={control}
              name={`subCategories.${index}.targetUnit`}
              label={
                <WithSlots
                  text={i18n._('Its target counts{which}', { which: slot('which') })}
                  slots={{ which: <span className="sr-only">{i18n._(' of sub-category {number}', { number: index + 1 })}</span> }}
                />
              }
            >
              <option value="">{i18n._("As the category's")}</option>
              <TargetUnitOptions />
            </SelectField>
            <TextField
              control={control}
              name={`subCategories.${index}.routingKey`}
              label={
                <WithSlots
                  text={i18n._('Own routing{which}', { which: slot('which') })}
                  slots={{ which: <span className="sr-only">{i18n._(' of sub-category {number}', { number: index + 1 })}</span> }}
                />
              }
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={60}
              controlClassName="font-mono"
            />
          </div>
        </div>
      )}
    />
  );
}

interface CategoryFormProps {
  /** The category to edit; a new one when left out. */
  category?: CategoryAdmin;
  /** A save went through: the confirmation to show. */
  onSaved: (message: string) => void;
}

/** Adding a category and editing one: the same fields, checked by the shared schemas. */
export function CategoryForm({ category, onSaved }: CategoryFormProps) {
  const create = useCreateCategory();
  const update = useUpdateCategory(category?.key ?? '');
  const hostels = useActiveHostelNames();
  const form = useForm<CategoryDraft, unknown, CategoryCreate | CategoryUpdate>({
    defaultValues: category ? draftOf(category) : emptyDraft(),
    resolver: category
      ? draftResolver(categoryUpdateSchema, (d: CategoryDraft) => ({ ...bodyOf(d), retired: category.retired }), { invalidMessage: invalidMessage() })
      : draftResolver(categoryCreateSchema, (d: CategoryDraft) => ({ key: d.key, ...bodyOf(d) }), { invalidMessage: invalidMessage() }),
    // After a failed save, a corrected field's message goes as soon as the field is right.
    reValidateMode: 'onChange',
  });
  useWarnIfUnsaved(form.formState.isDirty);
  const pending = category ? update.isPending : create.isPending;

  const submit = form.handleSubmit(async (payload) => {
    try {
      if (category) {
        await update.mutateAsync(payload as CategoryUpdate);
        onSaved(i18n._('Saved the changes to {name}.', { name: payload.cardTitle }));
      } else {
        const added = await create.mutateAsync(payload as CategoryCreate);
        onSaved(i18n._('{name} is added: its form is at {address}.', { name: added.cardTitle, address: `/complaints/${added.route}` }));
      }
    } catch (error) {
      applyServerErrors(form, error);
    }
  });

  return (
    <form
      noValidate
      aria-label={category ? i18n._('Edit {name}', { name: category.cardTitle }) : undefined}
      aria-labelledby={category ? undefined : 'new-category-heading'}
      className={category ? 'mt-4 space-y-4 border-t border-slate-200 pt-4' : cn(card, 'mt-4 space-y-4')}
      onSubmit={(event) => void submit(event)}
    >
      {category ? (
        <p className="text-sm text-slate-700">
          <WithSlots
            text={i18n._('The key {key} cannot be changed: complaints are stored under it and its form stays at {address}.', {
              key: slot('key'),
              address: slot('address'),
            })}
            slots={{
              key: <code className="font-mono">{category.key}</code>,
              address: <code className="font-mono break-all">/complaints/{category.route}</code>,
            }}
          />
        </p>
      ) : (
        <>
          <h2 id="new-category-heading" className="text-lg font-semibold text-slate-900">
            {i18n._('New category')}
          </h2>
          <KeyField control={form.control} />
        </>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="cardTitle"
          label={i18n._('Card title')}
          hint={i18n._('The title of the category’s card on the Complaints page.')}
          autoComplete="off"
          maxLength={60}
        />
        <TranslatedTextFields control={form.control} name={(locale) => `translations.${locale}.cardTitle`} words={(words) => words.cardTitle} autoComplete="off" maxLength={60} />
        <TextField
          control={form.control}
          name="complaintHead"
          label={i18n._('Complaint heading')}
          hint={i18n._('The heading of each complaint and the start of its mail’s subject.')}
          autoComplete="off"
          maxLength={80}
        />
        <TranslatedTextFields control={form.control} name={(locale) => `translations.${locale}.complaintHead`} words={(words) => words.complaintHead} autoComplete="off" maxLength={80} />
      </div>
      <TextAreaField control={form.control} name="description" label={i18n._('Description')} hint={i18n._('One line on the card.')} rows={2} maxLength={200} />
      {translationInputs().map(({ locale, words }) => (
        <TextAreaField key={locale} control={form.control} name={`translations.${locale}.description`} label={words.description.label} lang={locale} rows={2} maxLength={200} />
      ))}
      <SubCategories control={form.control} />
      <CheckboxField control={form.control} name="confidential" label={i18n._('Every complaint of this category is confidential')} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">{i18n._('Deadline and escalation')}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            control={form.control}
            name="targetHours"
            label={i18n._('Target resolution time (hours)')}
            hint={i18n._('How soon a complaint should be resolved; the staff console shows complaints past it.')}
            inputMode="numeric"
            autoComplete="off"
          />
          <SelectField
            control={form.control}
            name="targetUnit"
            label={i18n._('The target counts')}
            hint={i18n._('Working hours skip the weekly days off and the holidays of the working calendar.')}
          >
            <TargetUnitOptions />
          </SelectField>
          <TextField
            control={form.control}
            name="escalateWardensAfterHours"
            label={i18n._("Tell the hostel's wardens when late by (hours)")}
            hint={i18n._('0: as soon as it is overdue.')}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField
            control={form.control}
            name="escalateAdminsAfterHours"
            label={i18n._('Tell the administrators when late by (hours)')}
            hint={i18n._("At least the wardens' time.")}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
      </fieldset>
      <RoutingEditor control={form.control} hostels={hostels} />
      <FormAlert control={form.control} />
      <Button type="submit" variant="primary" pending={pending} pendingLabel={category ? i18n._('Saving…') : i18n._('Adding…')}>
        {category ? i18n._('Save changes') : i18n._('Add category')}
      </Button>
    </form>
  );
}

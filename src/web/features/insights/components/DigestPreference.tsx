import { useState } from 'react';
import { useDigestPreference } from '../api/get-digest-preference';
import { useUpdateDigestPreference } from '../api/update-digest-preference';
import { Checkbox } from '../../../components/ui/Controls';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { card } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { i18n } from '../../../lib/i18n';

/** The reader's own opt-out of the insights digest, saved as soon as it is changed. */
export function DigestPreference() {
  const preference = useDigestPreference();
  const save = useUpdateDigestPreference();
  // What the reader just chose, shown from the click itself: the mutation's own pending state comes
  // a task later, and a controlled box would spring back in between (issue 43 CI: "Clicking the
  // checkbox did not change its state"). Forgotten once the server has answered.
  const [chosen, setChosen] = useState<boolean | null>(null);
  return (
    <section aria-labelledby="insights-digest" className={cn(card, 'mt-6')}>
      <h2 id="insights-digest" className="text-lg font-semibold text-slate-900">
        {i18n._('Insights by mail')}
      </h2>
      {preference.data?.everyDays === 0 ? (
        <p className="mt-3 text-slate-700">{i18n._('The portal sends no insights digests at the moment.')}</p>
      ) : preference.data ? (
        <label className="mt-3 flex min-h-11 items-center gap-3 text-slate-800">
          <Checkbox
            unstyled
            className="size-5"
            checked={chosen ?? preference.data.digest}
            disabled={save.isPending}
            onChange={(e) => {
              setChosen(e.target.checked);
              save.mutate(e.target.checked, { onSettled: () => setChosen(null) });
            }}
          />
          {i18n._(
            '{days, plural, =1 {Mail me these figures for my hostels every day} =7 {Mail me these figures for my hostels every week} other {Mail me these figures for my hostels every # days}}',
            { days: preference.data.everyDays },
          )}
        </label>
      ) : preference.isError ? (
        <p className="mt-3 text-red-800">{i18n._('Could not read your mail setting.')}</p>
      ) : (
        <LoadingStatus compact />
      )}
      <p role="status" className="mt-1 text-sm text-slate-700">
        {save.isPending
          ? i18n._('Saving…')
          : save.isError
            ? i18n._('Not saved: {reason}', { reason: save.error.message })
            : save.isSuccess
              ? i18n._('Saved.')
              : ''}
      </p>
    </section>
  );
}

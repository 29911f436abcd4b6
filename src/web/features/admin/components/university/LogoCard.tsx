import { i18n } from '../../../../lib/i18n';
import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { LOGO_MAX_BYTES, LOGO_TYPES, type UniversityAdmin } from '../../../../../shared/admin';
import { Alert } from '../../../../components/ui/Alert';
import { Field } from '../../../../components/ui/Field';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { FileInput } from '../../../../components/ui/Controls';
import { card } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { useRemoveLogo } from '../../api/remove-logo';
import { useUploadLogo } from '../../api/upload-logo';
import { describeFailure } from '../../lib/problems';

const ACCEPT = LOGO_TYPES.join(',');

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** The logo: checked in the browser (type and size), previewed, then saved; or removed. */
export function LogoCard({ university }: { university: UniversityAdmin }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [chosen, setChosen] = useState<{ name: string; dataUrl: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    setDone(null);
    setAlert(null);
    const file = event.target.files?.[0];
    setChosen(null);
    if (!file) return setProblem(null);
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setProblem(i18n._('Choose a PNG, JPEG or WebP image.'));
    if (file.size > LOGO_MAX_BYTES) return setProblem(i18n._('The logo must be at most 200 KB; this one is {size} KB.', { size: Math.ceil(file.size / 1024) }));
    setProblem(null);
    try {
      setChosen({ name: file.name, dataUrl: await readAsDataUrl(file) });
    } catch {
      setProblem(i18n._('The file could not be read. Try another one.'));
    }
  }

  async function handleUpload() {
    if (!chosen) return;
    setAlert(null);
    try {
      await upload.mutateAsync(chosen.dataUrl);
      setChosen(null);
      setInputKey((k) => k + 1);
      setDone(i18n._('The new logo is saved.'));
    } catch (error) {
      setAlert(describeFailure(error, []).message ?? errorMessage(error));
    }
  }

  async function handleRemove() {
    setAlert(null);
    try {
      await remove.mutateAsync();
      setDone(i18n._('The logo is removed.'));
    } catch (error) {
      setAlert(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="logo-heading" className={cn(card, 'mt-6 space-y-4')}>
      <h2 id="logo-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('Logo')}
      </h2>
      {university.logoUrl ? (
        <div className="flex flex-wrap items-center gap-4">
          <img src={university.logoUrl} alt={i18n._('The current logo')} className="h-16 max-w-full rounded border border-slate-200 bg-white object-contain p-1" />
          <Button pending={remove.isPending} pendingLabel={i18n._('Removing…')} onClick={() => void handleRemove()}>
            {i18n._('Remove logo')}
          </Button>
        </div>
      ) : (
        <p className="text-slate-700">{i18n._('The portal shows no logo.')}</p>
      )}
      <Field
        id="logo-file"
        label={university.logoUrl ? i18n._('Replace the logo') : i18n._('Upload a logo')}
        hint={i18n._('PNG, JPEG or WebP, at most 200 KB.')}
        error={problem ?? undefined}
      >
        {(aria) => (
          <FileInput
            {...aria}
            key={inputKey}
            accept={ACCEPT}
            className="block w-full max-w-full text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
            onChange={(event) => void handleFile(event)}
          />
        )}
      </Field>
      {chosen && (
        <div className="flex flex-wrap items-center gap-4">
          <img src={chosen.dataUrl} alt={i18n._('Preview of {file}', { file: chosen.name })} className="h-16 max-w-full rounded border border-slate-200 object-contain p-1" />
          <Button variant="primary" pending={upload.isPending} pendingLabel={i18n._('Uploading…')} onClick={() => void handleUpload()}>
            {i18n._('Use this logo')}
          </Button>
        </div>
      )}
      {alert && (
        <Alert>
          <p>{alert}</p>
        </Alert>
      )}
      <StatusMessage message={done} />
    </section>
  );
}

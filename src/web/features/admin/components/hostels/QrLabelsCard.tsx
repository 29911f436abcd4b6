import { i18n } from '../../../../lib/i18n';
import { useEffect, useRef, useState } from 'react';
import type { HostelAdmin } from '../../../../../shared/admin';
import { Alert } from '../../../../components/ui/Alert';
import { Field } from '../../../../components/ui/Field';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { Select } from '../../../../components/ui/Controls';
import { card, textLink } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { downloadQrSheet, type QrSheetProgress } from '../../api/download-qr-sheet';

const WHOLE = 'all';

const kilobytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

type State =
  | { kind: 'idle' }
  | { kind: 'working'; progress: QrSheetProgress | null }
  | { kind: 'done'; url: string; fileName: string }
  | { kind: 'failed'; message: string };

/**
 * "Print QR labels": A4 sheets of 24 labels for a hostel's rooms and common areas, the whole hostel
 * or one floor. The download tells how far it has got (a big hostel takes a few seconds), then the
 * browser saves the file; the link stays to save it again.
 */
export function QrLabelsCard({ hostels }: { hostels: HostelAdmin[] }) {
  const inUse = hostels.filter((h) => !h.retired);
  const [hostelId, setHostelId] = useState(inUse[0]?.id ?? '');
  const [floor, setFloor] = useState(WHOLE);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const saveLink = useRef<HTMLAnchorElement>(null);
  const hostel = inUse.find((h) => h.id === hostelId) ?? inUse[0];
  const url = state.kind === 'done' ? state.url : null;

  useEffect(() => {
    // The file is saved at once; the link keeps it only while the page shows it.
    if (url) saveLink.current?.click();
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [url]);

  if (!hostel) return null;
  const floors = Array.from({ length: hostel.floorMax - hostel.floorMin + 1 }, (_, i) => hostel.floorMin + i);

  async function make() {
    if (!hostel || state.kind === 'working') return;
    setState({ kind: 'working', progress: null });
    try {
      const sheet = await downloadQrSheet(
        { hostelId: hostel.id, hostelCode: null, floor: floor === WHOLE ? null : Number(floor) },
        (progress) => setState({ kind: 'working', progress }),
      );
      setState({ kind: 'done', url: URL.createObjectURL(sheet.blob), fileName: sheet.fileName });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error) });
    }
  }

  const progress = state.kind === 'working' ? state.progress : null;
  return (
    <section aria-labelledby="qr-labels-heading" className={cn(card, 'mt-6')} data-testid="qr-labels">
      <h2 id="qr-labels-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('Print QR labels')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {i18n._('A4 sheets of 24 labels to cut and stick on doors: one for every room and common area, each with its short address and a QR code that opens the complaint form for that place.')}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label={i18n._('Hostel to print')}>
          {(aria) => (
            <Select
              {...aria}
              value={hostel.id}
              onChange={(e) => {
                setHostelId(e.target.value);
                setFloor(WHOLE);
              }}
            >
              {inUse.map((h) => (
                <option key={h.id} value={h.id}>
                  {h.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={i18n._('Labels for')}>
          {(aria) => (
            <Select {...aria} value={floor} onChange={(e) => setFloor(e.target.value)}>
              <option value={WHOLE}>{i18n._('The whole hostel')}</option>
              {floors.map((f) => (
                <option key={f} value={String(f)}>
                  {i18n._('Floor {floor}', { floor: f })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button variant="primary" pending={state.kind === 'working'} pendingLabel={i18n._('Making the labels…')} onClick={() => void make()}>
          {i18n._('Download labels (PDF)')}
        </Button>
        {state.kind === 'working' && (
          <p role="status" className="text-sm text-slate-700" data-testid="qr-progress">
            {progress === null
              ? i18n._('Asking the server…')
              : progress.labels === null
                ? i18n._('{size} received', { size: kilobytes(progress.received) })
                : i18n._('{labels} labels: {size} received', { labels: progress.labels, size: kilobytes(progress.received) })}
          </p>
        )}
        {state.kind === 'done' && (
          <a ref={saveLink} href={state.url} download={state.fileName} className={textLink} data-testid="qr-save">
            {i18n._('Save {file} again', { file: state.fileName })}
          </a>
        )}
      </div>
      <StatusMessage message={state.kind === 'done' ? i18n._('{file} is ready.', { file: state.fileName }) : null} className="mt-3" />
      {state.kind === 'failed' && (
        <Alert className="mt-3">
          <p>{state.message}</p>
        </Alert>
      )}
    </section>
  );
}

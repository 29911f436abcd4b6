import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { REGULAR, withDevanagari, writeRuns } from '../src/server/lib/pdf-scripts.js';

/**
 * Devanagari in the portal's PDFs (the anti-ragging report, QR label sheets): CPU time to make a
 * page of 40 mixed Hindi and English lines the portal's way (the font unpacked once, lib/woff.ts)
 * beside pdfkit reading the package's WOFF file itself, as the portal did until 2026-11-27. Both
 * run on this thread, alternating, after a warm-up; medians of 7. Figures only.
 */
const RUNS = 7;
const LINES = 40;
const woffFile = createRequire(import.meta.url).resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff');

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function page(register: (doc: PDFKit.PDFDocument & { hcpDevanagari?: boolean }) => void): Promise<number> {
  const started = cpuMs();
  const doc = new PDFDocument();
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.on('data', () => undefined);
  register(doc);
  for (let i = 0; i < LINES; i++) {
    writeRuns(doc, `HC-2026-${String(i).padStart(6, '0')} रैगिंग विरोधी समिति की मासिक रिपोर्ट, कमरा ${i}`, REGULAR, 10, undefined, 40, 40 + i * 16);
  }
  doc.end();
  await ended;
  return cpuMs() - started;
}

export async function pdfFontsBench() {
  const portal = () => page((doc) => withDevanagari(doc));
  // The faces registered under the portal's names from the WOFF file, as before: the same lines, the same code.
  const woff = () =>
    page((doc) => {
      doc.registerFont('NotoSansDevanagari', woffFile);
      doc.registerFont('NotoSansDevanagari-Bold', woffFile);
      doc.hcpDevanagari = true;
    });
  await portal();
  await woff();
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    ours.push(await portal());
    theirs.push(await woff());
  }
  console.log(
    `  a page of ${LINES} Devanagari lines: ${median(ours).toFixed(0)} ms CPU the portal's way (font unpacked once), ${median(theirs).toFixed(0)} ms with pdfkit reading the WOFF file (medians of ${RUNS}, alternating)`,
  );
}

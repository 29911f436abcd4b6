import { z } from 'zod';

/** GET /api/admin/hostels/:id/qr-sheet.pdf: the whole hostel, or one floor's rooms and common areas. */
export const qrSheetQuerySchema = z.object({
  floor: z.coerce
    .number({ error: /*i18n*/ 'Floor: a whole number' })
    .int(/*i18n*/ 'Floor: a whole number')
    .min(0, /*i18n*/ 'Floor: a whole number from 0')
    .max(99, /*i18n*/ 'Floor: at most 99')
    .optional()
    .describe("Only this floor's rooms and common areas (absent: the whole hostel)"),
});
export type QrSheetQuery = z.infer<typeof qrSheetQuerySchema>;

/** The sheet's file name: qr-labels-BLOCK2.pdf, qr-labels-BLOCK2-floor-3.pdf. */
export const qrSheetFileName = (hostelCode: string, floor?: number) =>
  `qr-labels-${hostelCode.toUpperCase()}${floor === undefined ? '' : `-floor-${floor}`}.pdf`;

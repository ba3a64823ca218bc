import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { RULES } from '../../core';

/** One ticket face as printed. */
export interface PrintFace {
  readonly serial: string;
  readonly code: string;
  readonly a1Cents: number;
  readonly a2Cents: number;
  /** The play address the QR code holds. */
  readonly address: string;
}

const MM = 72 / 25.4;
/** A ticket face: 90 × 140 mm, one to a page, for a ticket printer or imposition by the print shop. */
export const FACE_WIDTH = 90 * MM;
export const FACE_HEIGHT = 140 * MM;
const GOLD = rgb(0.86, 0.66, 0.13);
const INK = rgb(0.12, 0.1, 0.08);
const SILVER = rgb(0.8, 0.8, 0.82);

/** Euros from cents as printed, « 1 000,00 € » (plain spaces: the PDF's standard fonts have no narrow one). */
export function printedEuros(cents: number): string {
  const euros = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${euros},${String(cents % 100).padStart(2, '0')} €`;
}

/** The words printed on a face, top to bottom, each as it is drawn (the tests read them back from the file). */
export const faceLines = (
  f: PrintFace,
): { readonly amounts: readonly string[]; readonly serial: string; readonly code: string } => ({
  amounts: [`A1 : ${printedEuros(f.a1Cents)}`, `A2 : ${printedEuros(f.a2Cents)}`],
  serial: `N° ${f.serial}`,
  code: f.code,
});

/**
 * The print file of ticket faces: the title, the amounts A1 and A2 under the scratch area (the printer lays the
 * scratch coating over the silver box), the QR code of the play address, the game code and the serial. The QR is an
 * embedded PNG image, one per face.
 */
export async function printFile(faces: readonly PrintFace[], base: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle("La poule aux œufs d'or — tickets");
  pdf.setProducer('poule emission');
  // A fixed date keeps the file the same for the same faces.
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  for (const f of faces) {
    const page = pdf.addPage([FACE_WIDTH, FACE_HEIGHT]);
    const png = await QRCode.toBuffer(f.address, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 });
    const qr = await pdf.embedPng(png);
    drawFace(page, f, base, { regular, bold, mono }, (x, y, size) =>
      page.drawImage(qr, { x, y, width: size, height: size }),
    );
  }
  return pdf.save();
}

function drawFace(
  page: PDFPage,
  f: PrintFace,
  base: string,
  fonts: { regular: PDFFont; bold: PDFFont; mono: PDFFont },
  drawQr: (x: number, y: number, size: number) => void,
): void {
  const W = FACE_WIDTH;
  const H = FACE_HEIGHT;
  const centred = (text: string, y: number, font: PDFFont, size: number): void => {
    page.drawText(text, { x: (W - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color: INK });
  };
  const lines = faceLines(f);
  page.drawRectangle({ x: 0, y: H - 20 * MM, width: W, height: 20 * MM, color: GOLD });
  centred("La poule aux œufs d'or", H - 11 * MM, fonts.bold, 15);
  centred(`Illiko — ${printedEuros(RULES.ticketPriceCents)}`, H - 17 * MM, fonts.regular, 9);

  // The scratch area: the amounts, under the coating.
  const boxY = H - 50 * MM;
  page.drawRectangle({
    x: 8 * MM,
    y: boxY,
    width: W - 16 * MM,
    height: 26 * MM,
    color: SILVER,
    borderColor: INK,
    borderWidth: 0.8,
    borderDashArray: [3, 2],
  });
  centred('GRATTEZ ICI', boxY + 21 * MM, fonts.regular, 7);
  centred(lines.amounts[0]!, boxY + 12.5 * MM, fonts.bold, 15);
  centred(lines.amounts[1]!, boxY + 4.5 * MM, fonts.bold, 15);

  const qrSize = 42 * MM;
  drawQr((W - qrSize) / 2, boxY - 4 * MM - qrSize, qrSize);
  const textY = boxY - 8 * MM - qrSize;
  centred('Scannez le code ou tapez-le sur', textY, fonts.regular, 8);
  centred(base.replace(/^https?:\/\//, '').replace(/\/+$/, ''), textY - 4 * MM, fonts.regular, 8);
  centred(lines.code, textY - 11 * MM, fonts.mono, 10.5);
  centred(lines.serial, textY - 17 * MM, fonts.regular, 9);
  centred('Gain à retirer chez votre détaillant.', 6 * MM, fonts.regular, 7.5);
}

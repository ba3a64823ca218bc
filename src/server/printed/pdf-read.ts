import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFNumber, type PDFObject, PDFRawStream } from 'pdf-lib';

/**
 * Reads a print file back for the tests: each page's embedded images decoded as QR codes (jsQR), and its text as
 * drawn with the standard fonts (hex strings in WinAnsi). Not a general PDF reader: it reads what printFile writes.
 */
export interface ReadFace {
  readonly qr: readonly string[];
  readonly text: readonly string[];
}

const WIN_ANSI_EXTRA: Readonly<Record<number, string>> = { 128: '€', 156: 'œ', 151: '—', 146: '’' };

const decodeWinAnsi = (hex: string): string =>
  (hex.match(/../g) ?? [])
    .map((h) => {
      const b = parseInt(h, 16);
      return WIN_ANSI_EXTRA[b] ?? String.fromCharCode(b);
    })
    .join('');

function streamBytes(s: PDFRawStream): Uint8Array {
  const filter = s.dict.get(PDFName.of('Filter'));
  return filter === PDFName.of('FlateDecode') ? inflateSync(s.contents) : s.contents;
}

const num = (d: PDFDict, key: string): number => (d.get(PDFName.of(key)) as PDFNumber).asNumber();

export async function readPrintFile(bytes: Uint8Array): Promise<ReadFace[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const qr: string[] = [];
    const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xobjects?.entries() ?? []) {
      const img = pdf.context.lookup(ref);
      if (!(img instanceof PDFRawStream) || img.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
      const width = num(img.dict, 'Width');
      const height = num(img.dict, 'Height');
      const pixels = streamBytes(img);
      const channels = pixels.length / (width * height);
      const rgba = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < width * height; i++) {
        for (let c = 0; c < 3; c++) rgba[i * 4 + c] = pixels[i * channels + (channels >= 3 ? c : 0)]!;
        rgba[i * 4 + 3] = 255;
      }
      const found = jsQR(rgba, width, height);
      if (found) qr.push(found.data);
    }
    const text: string[] = [];
    const contents = page.node.Contents();
    const parts: PDFObject[] =
      contents instanceof PDFArray
        ? contents.asArray().map((r) => pdf.context.lookup(r) as PDFObject)
        : contents
          ? [contents]
          : [];
    const streams = parts.filter((p): p is PDFRawStream => p instanceof PDFRawStream);
    for (const s of streams) {
      const ops = Buffer.from(streamBytes(s)).toString('latin1');
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) text.push(decodeWinAnsi(m[1]!));
    }
    return { qr, text };
  });
}

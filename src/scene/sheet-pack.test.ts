import { describe, expect, it } from 'vitest';
import { packSheet, type SheetPicture } from './sheet-pack';

const pictures: SheetPicture[] = [
  { name: 'hen', width: 171, height: 171 },
  { name: 'nest', width: 149, height: 64 },
  { name: 'chick', width: 85, height: 85 },
  { name: 'coin', width: 43, height: 43 },
  { name: 'haystack', width: 171, height: 149 },
  { name: 'straw', width: 21, height: 21 },
];

describe('packSheet', () => {
  it('places every picture inside the sheet, apart from the others by twice the gap', () => {
    const gap = 2;
    const sheet = packSheet(pictures, 256, gap);
    expect([...sheet.places.keys()].sort()).toEqual(pictures.map((p) => p.name).sort());
    const boxes = pictures.map((p) => {
      const at = sheet.places.get(p.name)!;
      return { x0: at.x - gap, y0: at.y - gap, x1: at.x + p.width + gap, y1: at.y + p.height + gap };
    });
    for (const b of boxes) {
      expect(b.x0).toBeGreaterThanOrEqual(0);
      expect(b.y0).toBeGreaterThanOrEqual(0);
      expect(b.x1).toBeLessThanOrEqual(sheet.width);
      expect(b.y1).toBeLessThanOrEqual(sheet.height);
    }
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const overlap = a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
        expect(overlap, `${pictures[i]!.name} and ${pictures[j]!.name}`).toBe(false);
      }
  });

  it('wastes little: the sheet is at most twice the pictures with their gaps', () => {
    const sheet = packSheet(pictures, 512, 2);
    const used = pictures.reduce((s, p) => s + (p.width + 4) * (p.height + 4), 0);
    expect(sheet.width * sheet.height).toBeLessThanOrEqual(2 * used);
  });

  it('refuses a picture wider than the sheet, a size that is not whole pixels, a name listed twice', () => {
    expect(() => packSheet([{ name: 'logo', width: 1200, height: 400 }], 1024, 2)).toThrow(/logo .*wider/);
    expect(() => packSheet([{ name: 'hen', width: 10.5, height: 4 }], 1024, 2)).toThrow(/hen has no size/);
    expect(() => packSheet([pictures[0]!, pictures[0]!], 1024, 2)).toThrow(/hen is listed twice/);
    expect(() => packSheet(pictures, 1024, -1)).toThrow(/gap/);
  });
});

import { describe, expect, it } from 'vitest';
import { type OcrWord, readingOrderText } from './reading-order.ts';

/** Words of one printed line, laid out left to right from `x` with 12 px spaces. */
function line(texts: string[], x: number, y: number, lineNo: number, confidence = 95): OcrWord[] {
  let at = x;
  return texts.map((text) => {
    const w = { text, confidence, x0: at, y0: y, x1: at + text.length * 14, y1: y + 24, line: lineNo };
    at = w.x1 + 12;
    return w;
  });
}

describe('readingOrderText', () => {
  it('reads a two-column label column by column even where Tesseract joined the lines', () => {
    const words = [
      ...line(['CHANEL'], 400, 20, 0),
      // Tesseract's line 1 runs across the gutter: the list's first line and the warning's.
      ...line(['INGREDIENTS:', 'ALCOHOL,', 'PARFUM,'], 40, 100, 1),
      ...line(['Keep', 'away', 'from', 'heat.'], 700, 100, 1),
      ...line(['LINALOOL,', 'LIMONENE.'], 40, 134, 2),
      ...line(['Made', 'in', 'France'], 700, 134, 3),
    ];
    expect(readingOrderText(words)).toBe(
      'CHANEL\n\nINGREDIENTS: ALCOHOL, PARFUM,\nLINALOOL, LIMONENE.\n\nKeep away from heat.\nMade in France',
    );
  });

  it('ignores specks in the gutter and drops unreadable guesses', () => {
    const words = [
      ...line(['AQUA,', 'PARFUM,'], 40, 100, 0),
      ...line(['Keep', 'away.'], 700, 100, 0),
      { text: '~~', confidence: 20, x0: 500, y0: 100, x1: 530, y1: 124, line: 0 },
      { text: 'oo', confidence: 5, x0: 560, y0: 130, x1: 590, y1: 154, line: 9 },
      ...line(['LINALOOL.'], 40, 134, 1),
    ];
    expect(readingOrderText(words)).toBe('AQUA, PARFUM,\nLINALOOL.\n\nKeep away.');
  });

  it('finds the columns under a heading that spans them with hardly a gap before them', () => {
    // A blurred photo: the size line runs across the gutter and sits only 10 px (under half a line) above the columns.
    const words = [
      ...line(
        ['EAU', 'DE', 'PARFUM', '50', 'ml', '1.6', 'FL.OZ', 'FRANCE', 'PARIS', 'NEW', 'YORK'],
        300,
        56,
        0,
      ),
      ...line(['INGREDIENTS:', 'ALCOHOL,'], 40, 90, 1),
      ...line(['Keep', 'away', 'from', 'heat.'], 700, 90, 2),
      ...line(['LINALOOL,', 'LIMONENE,'], 40, 118, 3),
      ...line(['Avoid', 'eyes.'], 700, 118, 4),
      ...line(['CITRAL,', 'GERANIOL.'], 40, 146, 5),
      ...line(['Made', 'in', 'France.'], 700, 146, 6),
    ];
    expect(readingOrderText(words)).toBe(
      'EAU DE PARFUM 50 ml 1.6 FL.OZ FRANCE PARIS NEW YORK\n\nINGREDIENTS: ALCOHOL,\nLINALOOL, LIMONENE,\nCITRAL, GERANIOL.\n\nKeep away from heat.\nAvoid eyes.\nMade in France.',
    );
  });

  it('does not take the place of unsure words inside a column for a gutter', () => {
    // A small shop image's list (a 400 px render read at low confidence): the confident words sit
    // at both ends of the lines, the words between them were read but with little confidence.
    const unsure = 30;
    const words = [
      ...line(['Ingredients:'], 40, 100, 0),
      ...line(['Butse', 'hobntare'], 222, 100, 0, unsure),
      ...line(['Propene.'], 430, 100, 0),
      ...line(['Carbonate,'], 40, 134, 1),
      ...line(['BNT,', 'Benzyt', 'Crnamal,'], 200, 134, 1, unsure),
      ...line(['Geranol,'], 430, 134, 1),
      ...line(['Alpha'], 40, 168, 2),
      ...line(['isomettry|'], 124, 168, 2),
    ];
    expect(readingOrderText(words)).toBe(
      'Ingredients: Butse hobntare Propene.\nCarbonate, BNT, Benzyt Crnamal, Geranol,\nAlpha isomettry|',
    );
  });

  it('keeps a single-column paragraph in Tesseract line order', () => {
    const words = [...line(['Aqua,', 'Glycerin,'], 40, 100, 0), ...line(['Parfum.'], 40, 130, 1)];
    expect(readingOrderText(words)).toBe('Aqua, Glycerin,\nParfum.');
  });
});

import { describe, expect, it } from 'vitest';
import {
  BrandIndex,
  flOzToMl,
  parseProductIdentification,
  parseProductType,
  parseSizeMl,
} from './product-info.parser.ts';

describe('sizes', () => {
  it.each([
    ['50 ml', 50],
    ['100ML', 100],
    ['75 mL e 2.5 FL.OZ.', 75],
    ['1.7 fl oz', 50],
    ['3.4 FL. OZ.', 100],
    ['1.0 FL.OZ', 30],
    ['6.75 US FL OZ', 200],
    ['5 cl', 50],
    ['50mI', 50],
    ['no size here', null],
  ])('%s → %s ml', (text, ml) => {
    expect(parseSizeMl(text)).toBe(ml);
  });

  it('converts odd ounces without snapping them to a round size', () => {
    expect(flOzToMl(2.3)).toBe(68);
    expect(flOzToMl(0.34)).toBe(10);
  });
});

describe('product type', () => {
  it.each([
    ['EAU DE PARFUM', 'Eau de Parfum'],
    ["L'Eau de Toilette", 'Eau de Toilette'],
    ['Extrait de Parfum', 'Extrait de Parfum'],
    ['FOAMING FLUORIDATED TOOTHPASTE', 'Toothpaste'],
    ['Gel Douche', 'Shower Gel'],
    ['Anti-perspirant deodorant', 'Antiperspirant'],
  ])('%s → %s', (text, label) => {
    expect(parseProductType(text)?.label).toBe(label);
  });
});

describe('parseProductIdentification', () => {
  const brands = new BrandIndex(['Chanel', 'Yves Saint Laurent', 'Jo Malone London', 'Made']);

  it('reads brand, name, type and size from a carton', () => {
    expect(
      parseProductIdentification(
        ['CHANEL', 'COCO MADEMOISELLE', 'EAU DE PARFUM 100 ml', 'INGREDIENTS:', 'Made in France'],
        brands,
      ),
    ).toEqual({
      brand: 'Chanel',
      product_name: 'COCO MADEMOISELLE',
      product_type: 'Eau de Parfum',
      size_ml: 100,
    });
  });

  it('takes the name from the type line when they share it', () => {
    expect(
      parseProductIdentification(['Yves Saint Laurent Libre Eau de Parfum', '90 ml e 3.0 FL.OZ.'], brands),
    ).toEqual({
      brand: 'Yves Saint Laurent',
      product_name: 'Libre',
      product_type: 'Eau de Parfum',
      size_ml: 90,
    });
  });

  it('does not read a brand out of "Made in France"', () => {
    expect(parseProductIdentification(['Made in France', 'LOT 7V90'], brands).brand).toBeNull();
  });

  it('says null for what the label does not show', () => {
    expect(parseProductIdentification([], brands)).toEqual({
      brand: null,
      product_name: null,
      product_type: null,
      size_ml: null,
    });
  });
});

/**
 * How the flip-style price is laid out (src/features/treasure-hunt/components/price-flip.tsx):
 * a formatted price split into the amount ("$435.00", "390,00"), the currency standing apart
 * ("AU$", "CHF") and the spaces between, and the width of the whole in ems, from which the
 * stylesheet sizes the type so the price fits its box on one line.
 */
export interface PriceGroup {
  kind: 'amount' | 'unit' | 'space';
  text: string;
}

export function priceGroups(text: string): PriceGroup[] {
  return (text.match(/\s+|\S+/g) ?? []).map((part) => ({
    kind: /^\s+$/.test(part) ? 'space' : /[0-9]/.test(part) ? 'amount' : 'unit',
    text: part,
  }));
}

/** Ems per character, as treasure-hunt.css draws them: a digit card, a sign, a unit letter. */
const DIGIT_EMS = 0.9;
const SIGN_EMS = 0.62;
const UNIT_EMS = 0.42;
const SPACE_EMS = 0.3;

export function flipWidthEms(groups: PriceGroup[]): number {
  let ems = 0;
  for (const group of groups) {
    for (const character of group.text) {
      if (group.kind === 'space') ems += SPACE_EMS;
      else if (group.kind === 'unit') ems += UNIT_EMS;
      else ems += /[0-9]/.test(character) ? DIGIT_EMS : SIGN_EMS;
    }
  }
  return Math.round(Math.max(ems, 1) * 100) / 100;
}

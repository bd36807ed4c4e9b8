import { Trans } from '@lingui/react/macro';
import type { CSSProperties } from 'react';
import { flipWidthEms, priceGroups, type PriceGroup } from '../price-flip-layout.ts';

/**
 * The large flip-style price (docs/product/marketplace.md "Screens"): one card per digit; a
 * digit that changes is a new card, which flips in (still for reduced motion). The amount and
 * the currency ("390,00" and "AU$" in German) never break apart, the currency is set smaller,
 * and the type shrinks to fit the price on one line in its box. Screen readers get the price as
 * one text, announced when it changes.
 */
export function PriceFlip({ text }: { text: string | null }) {
  const groups = text === null ? null : priceGroups(text);
  const style = groups ? ({ '--flip-ems': flipWidthEms(groups) } as CSSProperties) : undefined;
  return (
    <div className="th-flip" style={style}>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {text ?? <Trans>cannot get price</Trans>}
      </p>
      {groups === null ? (
        <p className="th-flip__none" aria-hidden="true">
          <Trans>cannot get price</Trans>
        </p>
      ) : (
        <p className="th-flip__cards" aria-hidden="true" data-testid="price">
          {renderGroups(groups)}
        </p>
      )}
    </div>
  );
}

function renderGroups(groups: PriceGroup[]) {
  const length = groups.reduce((sum, group) => sum + group.text.length, 0);
  let offset = 0;
  return groups.map((group) => {
    const start = offset;
    offset += group.text.length;
    if (group.kind === 'space') {
      return (
        <span key={`${length - start}-space`} className="th-flip__space">
          {group.text}
        </span>
      );
    }
    return (
      <span
        key={`${length - start}-${group.kind}`}
        className={`th-flip__group th-flip__group--${group.kind}`}
      >
        {Array.from(group.text).map((character, index) => {
          // Keyed from the end: a digit that changes is a new card (it flips), the rest stay.
          const key = `${length - start - index}-${character}`;
          return /[0-9]/.test(character) ? (
            <span key={key} className="th-flip__card">
              {character}
            </span>
          ) : (
            <span key={key} className="th-flip__sign">
              {character}
            </span>
          );
        })}
      </span>
    );
  });
}

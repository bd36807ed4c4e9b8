import { Trans } from '@lingui/react/macro';

/**
 * The large flip-style price (docs/product/marketplace.md "Screens"): one card per character;
 * a character that changes is a new card, which flips in (still for reduced motion). Screen
 * readers get the price as one text, announced when it changes.
 */
export function PriceFlip({
  text,
  size = 'large',
}: {
  text: string | null;
  size?: 'large' | 'small';
}) {
  return (
    <div className={`th-flip th-flip--${size}`}>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {text ?? <Trans>cannot get price</Trans>}
      </p>
      {text === null ? (
        <p className="th-flip__none" aria-hidden="true">
          <Trans>cannot get price</Trans>
        </p>
      ) : (
        <p className="th-flip__cards" aria-hidden="true" data-testid="price">
          {Array.from(text).map((character, index) =>
            /[0-9]/.test(character) ? (
              <span key={`${text.length - index}-${character}`} className="th-flip__card">
                {character}
              </span>
            ) : (
              <span key={`${text.length - index}-${character}`} className="th-flip__sign">
                {character}
              </span>
            ),
          )}
        </p>
      )}
    </div>
  );
}

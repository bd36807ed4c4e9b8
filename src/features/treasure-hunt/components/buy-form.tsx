import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { BUY_FORM_DEFAULT_PRICE } from '../../../api/contract/constants.ts';
import { priceToCents, type Product } from '../../../api/contract/treasurehunt.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { storage } from '../../../lib/storage.ts';
import { useBuyProduct } from '../api/buy-product.ts';
import { priceInputValue } from '../money.ts';

/**
 * The buy form (docs/product/marketplace.md "Buying"): the price the buyer agrees to pay, at
 * least the current one, and the buyer's own id. Each general message of a refusal is its own
 * notice; a request that fails says "Error purchasing product".
 */
export function BuyForm({
  product,
  currentPrice,
  userId,
}: {
  product: Product;
  currentPrice: number | null;
  userId: number | null;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const location = useLocation();
  const buy = useBuyProduct(product.id);
  /** What the buyer typed; until they type, the field follows the falling price. */
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const price = typed ?? priceInputValue(currentPrice ?? BUY_FORM_DEFAULT_PRICE, i18n.locale);

  if (userId === null) {
    return (
      <p className="th-buy th-buy--signin">
        <Link
          to="/signin"
          className="button button--primary"
          onClick={() => storage.set('backToUrl', location.href)}
        >
          <Trans>Sign in to buy</Trans>
        </Link>
      </p>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = priceToCents(price);
    if ('problem' in parsed) {
      setProblem(translateServerMessage(parsed.problem));
      return;
    }
    setProblem(null);
    try {
      const reply = await buy.mutateAsync({
        product_id: product.id,
        purchase_price: parsed.cents / 100,
        user_id: userId,
      });
      if (reply.success) {
        notify(t`Product purchased successfully`, { kind: 'success' });
        return;
      }
      const general = reply.formGeneralErrorMessages ?? [reply.message];
      for (const message of general) notify(translateServerMessage(message));
    } catch {
      notify(t`Error purchasing product`);
    }
  };

  return (
    <form className="th-buy" onSubmit={(event) => void submit(event)} noValidate>
      <label className="field__label" htmlFor={`${id}-price`}>
        <Trans>Your price ({product.currency})</Trans>
      </label>
      <div className="th-buy__row">
        <input
          id={`${id}-price`}
          className="input th-buy__input"
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        />
        <button type="submit" className="button button--primary" disabled={buy.isPending}>
          {buy.isPending ? <Trans>Buying…</Trans> : <Trans>Buy now</Trans>}
        </button>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        <Trans>
          The first buyer at or above the current price gets it, and pays the current price.
        </Trans>
      </p>
      {problem && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Product } from '../../../api/contract/treasurehunt.ts';
import { categoryName, formatPrice } from '../money.ts';

/**
 * One product in a list (docs/product/marketplace.md "Screens"): picture, headline,
 * description, location, category, the price (what it sold for, once sold) and the seller.
 */
export function ProductCard({ product }: { product: Product }) {
  const { i18n } = useLingui();
  const details = product.current_price_details;
  const price = formatPrice(
    product.sold_price ?? details.current_price,
    product.currency,
    i18n.locale,
  );
  const state = details.auction_state;
  return (
    <article className="th-card" data-product-id={product.id}>
      <img
        className="th-card__image"
        src={product.images[0]?.thumb}
        alt=""
        width={400}
        height={400}
        loading="lazy"
      />
      <div className="th-card__body">
        <h2 className="th-card__title">
          <Link
            to="/productpage/{-$id}"
            params={{ id: String(product.id) }}
            className="th-card__link"
          >
            {product.headline}
          </Link>
        </h2>
        {product.description && <p className="th-card__description">{product.description}</p>}
        <p className="th-card__meta">
          <span>{product.location}</span>
          <span aria-hidden="true"> · </span>
          <span>{categoryName(i18n, product.category)}</span>
        </p>
        <p className="th-card__price">
          {state === 'sold' ? (
            <Trans>
              Sold for <strong>{price}</strong>{' '}
              <span className="th-card__currency">{product.currency}</span>
            </Trans>
          ) : state === 'withdrawn' ? (
            <Trans>No longer for sale</Trans>
          ) : (
            <Trans>
              Now <strong>{price}</strong>{' '}
              <span className="th-card__currency">{product.currency}</span>
            </Trans>
          )}
        </p>
        <p className="th-card__seller">
          <Trans>
            Seller:{' '}
            <Link
              to="/u/$username/{-$wave_name}"
              params={{ username: product.username, wave_name: undefined }}
            >
              @{product.username}
            </Link>
          </Trans>
        </p>
      </div>
    </article>
  );
}

import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { PriceRecord, Product } from '../../../api/contract/treasurehunt.ts';
import { ApiFailure } from '../../../api/client.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { notify } from '../../../components/ui/notices.tsx';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { useProduct } from '../api/get-product.ts';
import { useWithdrawProduct } from '../api/withdraw-product.ts';
import { useAuctionPrice } from '../hooks/use-auction-price.ts';
import { categoryName, formatPrice, intervalText } from '../money.ts';
import { BuyForm } from './buy-form.tsx';
import { PriceFlip } from './price-flip.tsx';
import './treasure-hunt.css';

/** /productpage/{id}: a product with its falling-price auction (docs/product/marketplace.md "Screens"). */
export function ProductPage({ productId }: { productId: number }) {
  const product = useProduct(productId);

  if (product.isPending) {
    return (
      <section className="page th-page" aria-busy="true">
        <p role="status" className="muted">
          <Trans>Loading…</Trans>
        </p>
      </section>
    );
  }
  if (product.isError) {
    const notFound = product.error instanceof ApiFailure && product.error.notFound;
    return (
      <section className="page page--narrow th-page">
        <h1>
          {notFound ? <Trans>Product not found</Trans> : <Trans>Something went wrong!</Trans>}
        </h1>
        {!notFound && (
          <p role="alert">
            {product.error instanceof TypeError ? (
              <Trans>You are offline. This needs a connection.</Trans>
            ) : (
              translateServerMessage(product.error.message)
            )}
          </p>
        )}
        <p>
          <Link to="/productlist">
            <Trans>All products</Trans>
          </Link>
        </p>
      </section>
    );
  }
  return <ProductDetails product={product.data} />;
}

function ProductDetails({ product }: { product: Product }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const auction = useAuctionPrice(product.id, product.current_price_details);
  const [shown, setShown] = useState(0);
  const price = (amount: number) => formatPrice(amount, product.currency, i18n.locale);
  const record = auction.record;
  const open =
    record !== null && (record.auction_state === 'falling' || record.auction_state === 'at_bottom');
  const image = product.images[shown] ?? product.images[0];

  return (
    <article className="page th-page" aria-labelledby="product-title">
      <p className="th-back">
        <Link to="/productlist">
          ← <Trans>All products</Trans>
        </Link>
      </p>
      <div className="th-product">
        <div className="th-gallery">
          {image && (
            <img
              className="th-gallery__main"
              src={image.full}
              alt={t`${product.headline}, picture ${shown + 1} of ${product.images.length}`}
            />
          )}
          <div className="th-gallery__thumbs" role="group" aria-label={t`Pictures`}>
            {product.images.map((picture, index) => (
              <button
                key={picture.thumb}
                type="button"
                className="th-gallery__thumb"
                aria-pressed={index === shown}
                aria-label={t`Show picture ${index + 1}`}
                onClick={() => setShown(index)}
              >
                <img src={picture.thumb} alt="" width={72} height={72} />
              </button>
            ))}
          </div>
        </div>

        <div className="th-side">
          <h1 id="product-title">{product.headline}</h1>
          <p className="th-meta">
            <span>{categoryName(i18n, product.category)}</span>
            <span aria-hidden="true"> · </span>
            <span>{product.location}</span>
          </p>

          <section className="card th-auction" aria-label={t`Price`}>
            <PriceFlip text={record ? price(record.current_price) : null} />
            <AuctionState record={record} />
            {auction.failed && (
              <p className="field__error" role="alert">
                <Trans>Error fetching current price and state</Trans>
              </p>
            )}
            {record?.previous_price != null && auction.secondsSinceChange !== null && (
              <p className="th-previous">
                <Trans>
                  Previous Price: {price(record.previous_price)} changed{' '}
                  <Plural
                    value={auction.secondsSinceChange}
                    one="# second ago"
                    other="# seconds ago"
                  />
                </Trans>
              </p>
            )}
            {open &&
              record?.auction_state === 'falling' &&
              auction.secondsToNextChange !== null && (
                <p className="muted th-next">
                  <Trans>
                    Falls by {price(product.step_amount)} {intervalText(i18n, product.step_seconds)}{' '}
                    to {price(product.floor_price)} at the lowest; next step in{' '}
                    {auction.secondsToNextChange} s.
                  </Trans>
                </p>
              )}
            <SaleOutcome product={product} record={record} price={price} />
            {open && !product.is_mine && (
              <BuyForm
                product={product}
                currentPrice={record?.current_price ?? null}
                userId={session.known ? session.userId : null}
              />
            )}
            {open && product.is_mine && <WithdrawButton productId={product.id} />}
          </section>

          <section className="th-seller" aria-labelledby="seller-title">
            <h2 id="seller-title">
              <Trans>Seller</Trans>
            </h2>
            <Link
              to="/u/$username/{-$wave_name}"
              params={{ username: product.username, wave_name: undefined }}
              className="th-seller__link"
            >
              <Avatar
                userId={product.seller_user_id}
                size={48}
                version={product.seller_avatar_version}
              />
              <span>
                <strong>{product.seller_displayname || product.username}</strong>
                <span className="muted"> @{product.username}</span>
              </span>
            </Link>
          </section>
        </div>
      </div>

      <section className="card th-description" aria-labelledby="description-title">
        <h2 id="description-title">
          <Trans>Description</Trans>
        </h2>
        {product.description ? (
          <p className="th-description__text">{product.description}</p>
        ) : (
          <p className="muted">
            <Trans>The seller wrote no description.</Trans>
          </p>
        )}
        <dl className="th-facts">
          <dt>
            <Trans>Location</Trans>
          </dt>
          <dd>{product.location}</dd>
          <dt>
            <Trans>Category</Trans>
          </dt>
          <dd>{categoryName(i18n, product.category)}</dd>
          <dt>
            <Trans>Start price</Trans>
          </dt>
          <dd>{price(product.start_price)}</dd>
          <dt>
            <Trans>Lowest price</Trans>
          </dt>
          <dd>{price(product.floor_price)}</dd>
        </dl>
      </section>
    </article>
  );
}

function AuctionState({ record }: { record: PriceRecord | null }) {
  if (!record) return null;
  const labels = {
    falling: <Trans>The price is falling</Trans>,
    at_bottom: <Trans>Lowest price reached</Trans>,
    sold: <Trans>Sold</Trans>,
    withdrawn: <Trans>No longer for sale</Trans>,
  };
  return (
    <p className={`th-state th-state--${record.auction_state}`} data-state={record.auction_state}>
      {labels[record.auction_state]}
    </p>
  );
}

function SaleOutcome({
  product,
  record,
  price,
}: {
  product: Product;
  record: PriceRecord | null;
  price: (amount: number) => string;
}) {
  const { i18n } = useLingui();
  if (record?.auction_state !== 'sold') return null;
  const soldFor = price(record.current_price);
  const when = product.sold_at
    ? new Date(product.sold_at).toLocaleString(i18n.locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '';
  const buyer = product.buyer_username;
  return (
    <div className="th-outcome" role="status">
      <p>
        <Trans>Sold for {soldFor}</Trans>
        {when && <span className="muted"> · {when}</span>}
      </p>
      {product.bought_by_me && (
        <p>
          <Trans>
            You bought this. Get in touch with the seller,{' '}
            <Link
              to="/u/$username/{-$wave_name}"
              params={{ username: product.username, wave_name: undefined }}
            >
              @{product.username}
            </Link>
            , to arrange payment and pick-up.
          </Trans>
        </p>
      )}
      {product.is_mine && buyer && (
        <p>
          <Trans>
            Sold to{' '}
            <Link
              to="/u/$username/{-$wave_name}"
              params={{ username: buyer, wave_name: undefined }}
            >
              @{buyer}
            </Link>
            . Get in touch to arrange payment and pick-up.
          </Trans>
        </p>
      )}
    </div>
  );
}

function WithdrawButton({ productId }: { productId: number }) {
  const { t } = useLingui();
  const withdraw = useWithdrawProduct(productId);
  const [confirming, setConfirming] = useState(false);
  const run = async () => {
    try {
      const reply = await withdraw.mutateAsync();
      notify(
        reply.success ? t`The product was withdrawn.` : translateServerMessage(reply.message),
        reply.success ? { kind: 'success' } : {},
      );
    } catch {
      notify(t`You are offline. This needs a connection.`);
    }
    setConfirming(false);
  };
  return (
    <div className="th-withdraw">
      <p className="muted">
        <Trans>This is your product.</Trans>
      </p>
      {confirming ? (
        <div role="group" aria-label={t`Confirm withdrawal`} className="th-withdraw__confirm">
          <button
            type="button"
            className="button button--danger"
            onClick={() => void run()}
            disabled={withdraw.isPending}
          >
            <Trans>Yes, withdraw it</Trans>
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          <Trans>Withdraw from sale</Trans>
        </button>
      )}
    </div>
  );
}

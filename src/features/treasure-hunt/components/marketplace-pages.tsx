import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ProductListFilter } from '../../../api/contract/treasurehunt.ts';
import { SignedInOnly } from '../../../components/sign-in/sign-in-required.tsx';
import { ProductList } from './product-list.tsx';
import { SellForm } from './sell-form.tsx';
import './treasure-hunt.css';

/** /productlist: every product for sale or sold, switchable (docs/product/marketplace.md "Screens"). */
export function ProductListPage({ filter }: { filter: ProductListFilter }) {
  const { t } = useLingui();
  const tabs: { filter: ProductListFilter; label: string }[] = [
    { filter: 'all', label: t`All` },
    { filter: 'open', label: t`For sale` },
    { filter: 'sold', label: t`Sold` },
  ];
  return (
    <section className="page th-page" aria-labelledby="products-title">
      <div className="th-heading">
        <h1 id="products-title">
          <Trans>Products</Trans>
        </h1>
        <SellLink />
      </div>
      <nav className="subtabs" aria-label={t`Show`}>
        {tabs.map((tab) => (
          <Link
            key={tab.filter}
            to="/productlist"
            search={tab.filter === 'all' ? {} : { filter: tab.filter }}
            className="subtabs__tab"
            aria-current={tab.filter === filter ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <ProductList
        key={filter}
        filter={filter}
        empty={
          filter === 'sold' ? (
            <p>
              <Trans>Nothing has been sold yet.</Trans>
            </p>
          ) : (
            <p>
              <Trans>
                Nothing for sale yet.{' '}
                <Link to="/treasurehunt/{-$action}" params={{ action: 'sell' }}>
                  Be the first to sell something.
                </Link>
              </Trans>
            </p>
          )
        }
      />
    </section>
  );
}

/** /treasurehunt: the auctions running now, their prices falling as you watch. */
export function TreasureHuntPage() {
  return (
    <section className="page th-page" aria-labelledby="hunt-title">
      <div className="th-heading">
        <div>
          <h1 id="hunt-title">
            <Trans>Treasure hunt</Trans>
          </h1>
          <p className="muted th-intro">
            <Trans>
              Every price here falls step by step until someone buys. Wait for a bargain — but the
              first buyer gets it.
            </Trans>
          </p>
        </div>
        <SellLink />
      </div>
      <ProductList
        filter="open"
        live
        empty={
          <p>
            <Trans>
              No auctions are running right now.{' '}
              <Link to="/treasurehunt/{-$action}" params={{ action: 'sell' }}>
                Start one
              </Link>{' '}
              or see <Link to="/productlist">what was sold</Link>.
            </Trans>
          </p>
        }
      />
      <p className="th-more">
        <Link to="/productlist">
          <Trans>All products, sold ones too</Trans>
        </Link>
      </p>
    </section>
  );
}

/** /treasurehunt/sell: the listing form, for signed-in members. */
export function SellPage() {
  const { t } = useLingui();
  return (
    <SignedInOnly title={t`Sell something`}>
      <section className="page page--narrow th-page" aria-labelledby="sell-title">
        <h1 id="sell-title">
          <Trans>Sell something</Trans>
        </h1>
        <p className="muted">
          <Trans>
            Set a start price and how it falls. The first buyer at or above the current price gets
            it; you arrange payment and pick-up together.
          </Trans>
        </p>
        <SellForm />
      </section>
    </SignedInOnly>
  );
}

function SellLink() {
  return (
    <Link
      to="/treasurehunt/{-$action}"
      params={{ action: 'sell' }}
      className="button button--primary"
    >
      <Trans>Sell something</Trans>
    </Link>
  );
}

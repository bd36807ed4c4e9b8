import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../../lib/session.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { usePeople } from '../api/get-people.ts';
import { PersonCard } from './person-card.tsx';
import './profiles.css';

/** /people: everyone's profile cards, newest members first, with "show more". */
export function PeoplePage() {
  const { t } = useLingui();
  const session = useSession();
  const people = usePeople(session.known ? session.userId : null);
  const all = people.data?.pages.flat() ?? [];

  return (
    <section aria-labelledby="people-title">
      <div className="profiles-people__intro">
        <h1 id="people-title">
          <Trans>People</Trans>
        </h1>
        <p className="muted">
          <Trans>Find people to listen to, and follow them to hear their new waves first.</Trans>
        </p>
      </div>

      {people.isPending ? (
        <ul className="profiles-people__list" aria-busy="true">
          {[0, 1, 2, 3].map((index) => (
            <li key={index}>
              <div className="profiles-card profiles-card--skeleton profiles-skeleton" />
            </li>
          ))}
          <li className="visually-hidden" role="status">
            {t`Loading people…`}
          </li>
        </ul>
      ) : people.isError && all.length === 0 ? (
        <div className="profiles-empty" role="alert">
          <p>
            <Trans>The people list could not be loaded.</Trans>{' '}
            {translateServerMessage(people.error.message)}
          </p>
          <button type="button" className="button" onClick={() => void people.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : all.length === 0 ? (
        <p className="profiles-empty">
          <Trans>Nobody is here yet. Sign up and be the first!</Trans>
        </p>
      ) : (
        <>
          <ul className="profiles-people__list">
            {all.map((person) => (
              <li key={person.user_id}>
                <PersonCard person={person} />
              </li>
            ))}
          </ul>
          {people.hasNextPage && (
            <div className="profiles-people__more">
              <button
                type="button"
                className="button"
                disabled={people.isFetchingNextPage}
                onClick={() => void people.fetchNextPage()}
              >
                {people.isFetchingNextPage ? t`Loading…` : t`Show more people`}
              </button>
            </div>
          )}
          {people.isFetchNextPageError && (
            <p className="field__error" role="alert">
              {translateServerMessage(people.error?.message ?? '')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

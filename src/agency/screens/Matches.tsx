/**
 * A submission's matches in its detail (docs/agency.md#matches): a lead's matching saved
 * searches (the searcher, their address, what they search, a link to the search's own page),
 * a saved search's matching leads and listings; each list the newest with its total.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Alert, SecondaryButton } from '../../ui/primitives';
import { formatCount, formatTime } from '../format';
import { useAgencyDispatch, useAgencySelector } from '../hooks';
import { mailtoHref } from '../links';
import { agencyActions as actions, selectAgency } from '../slice';
import type { MatchedLead, MatchedListing, MatchedSearch } from '../types';
import { ContactLink, Email } from './ListRows';
import { SectionHeading } from './SectionHeading';

/**
 * Each match a card of lines, side by side as the screen allows (one column on a phone); the
 * lines wrap, never scroll sideways.
 */
const Cards = styled.ul`
  list-style: none;
  margin: 0 0 1rem;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr));
  gap: 0 2rem;
  li {
    padding: 0.6rem 0;
    border-top: 1px solid #d5d8dc;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0.15rem 0;
  }
`;

const Name = styled.span`
  font-weight: 600;
`;

const Muted = styled.p`
  color: ${(p) => p.theme.colors.muted};
  font-size: 0.9rem;
`;

const linkStyle = css`
  font-weight: 600;
  color: ${(p) => p.theme.colors.primary};
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.primary};
    outline-offset: 2px;
  }
`;
/** A link to another page of the inbox. */
const Strong = styled(Link)`
  ${linkStyle}
`;
/** A link to the agency's site (a listing's exposé). */
const External = styled.a`
  ${linkStyle}
`;

const line = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** A listing's link where it is one to follow (the agency's site, or a path on it); else none. */
const safeHref = (link: string) => (/^(https?:\/\/|\/(?!\/))/i.test(link) ? link : null);

type Kind = 'searches' | 'leads' | 'listings';

/** A part: its heading, how many match (the newest shown when there are more), its cards. */
function MatchPart({
  kind,
  total,
  shown,
  children,
}: {
  kind: Kind;
  total: number;
  shown: number;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('agency');
  const heading = `detail-matches-${kind}`;
  const counts = {
    total: formatCount(total, i18n.language),
    shown: formatCount(shown, i18n.language),
  };
  return (
    <section aria-labelledby={heading}>
      <SectionHeading id={heading}>{t(`detailMatches.${kind}Heading`)}</SectionHeading>
      <p>
        {total === 0
          ? t(`detailMatches.${kind}.none`)
          : total > shown
            ? t(`detailMatches.${kind}.capped`, counts)
            : t(`detailMatches.${kind}.count`, { count: total, ...counts })}
      </p>
      {shown > 0 && <Cards aria-label={t(`detailMatches.${kind}.list`)}>{children}</Cards>}
    </section>
  );
}

function Found({ at }: { at: string }) {
  const { t, i18n } = useTranslation('agency');
  return (
    <Muted>
      {t('detailMatches.found', {
        time: t('detail.time', { time: formatTime(at, i18n.language) }),
      })}
    </Muted>
  );
}

function SearchCard({ match }: { match: MatchedSearch }) {
  const { t } = useTranslation('agency');
  const { contact, search } = match;
  const name = line(contact.salutation, contact.firstname, contact.lastname) || contact.email;
  return (
    <li>
      <p>
        <Name>{name}</Name>
      </p>
      {contact.email && (
        <p>
          <ContactLink href={mailtoHref(contact.email)}>
            <Email address={contact.email} />
          </ContactLink>
        </p>
      )}
      <p>
        {t('detail.objectLine', {
          category: search.category,
          objectType: t(`detail.objectTypes.${search.objectType}`),
          marketing: t(`detail.searchMarketing.${search.marketingType}`),
        })}
      </p>
      <p>
        {t('detailMatches.regions', {
          regions: search.regions.join(', ') || t('detailMatches.noRegions'),
        })}
      </p>
      {search.fields.map((field, index) => (
        <p key={index}>{t('detailMatches.figure', { label: field.label, text: field.text })}</p>
      ))}
      <p>
        {match.submission ? (
          <Strong
            to={`/submissions/${match.submission}`}
            aria-label={t('detailMatches.openSearchLabel', { name })}
          >
            {t('detailMatches.openSearch')}
          </Strong>
        ) : (
          t('detailMatches.portalSearch')
        )}
      </p>
      <Found at={match.foundAt} />
    </li>
  );
}

function LeadCard({ match }: { match: MatchedLead }) {
  const { t } = useTranslation('agency');
  return (
    <li>
      <p>
        <Strong
          to={`/submissions/${match.submission}`}
          aria-label={t('detailMatches.openLeadLabel', { name: match.name })}
        >
          {match.name}
        </Strong>
        {match.place && ` · ${match.place}`}
      </p>
      <p>
        {t('detail.objectLine', {
          category: match.category,
          objectType: t(`detail.objectTypes.${match.objectType}`),
          marketing: t(`detail.leadMarketing.${match.marketingType}`),
        })}
      </p>
      {match.figures.length > 0 && (
        <p>
          {match.figures
            .map((field) => t('detailMatches.figure', { label: field.label, text: field.text }))
            .join(' · ')}
        </p>
      )}
      <Found at={match.foundAt} />
    </li>
  );
}

function ListingCard({ match }: { match: MatchedListing }) {
  const { t } = useTranslation('agency');
  const href = safeHref(match.link);
  const title = `${match.customId} · ${match.title}`;
  return (
    <li>
      <p>
        {href ? (
          <External
            href={href}
            aria-label={t('detailMatches.openListingLabel', {
              number: match.customId,
              title: match.title,
            })}
          >
            {title}
          </External>
        ) : (
          <Name>{title}</Name>
        )}
      </p>
      <p>{match.place}</p>
      {match.price && (
        <p>
          {match.priceTitle
            ? t('detailMatches.price', { title: match.priceTitle, price: match.price })
            : match.price}
        </p>
      )}
      <Found at={match.foundAt} />
    </li>
  );
}

/** The matches of the detail open: a lead's saved searches, a saved search's leads and listings. */
export function Matches({ kind }: { kind: 'lead' | 'savedSearch' }) {
  const { t } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const { status, data } = useAgencySelector((state) => selectAgency(state).detail.matches);
  if (status === 'failed')
    return (
      <section
        aria-label={t(
          kind === 'lead' ? 'detailMatches.searchesHeading' : 'detailMatches.leadsHeading',
        )}
      >
        <Alert $severity="error" role="alert">
          {t('detailMatches.failed')}
        </Alert>
        <SecondaryButton type="button" onClick={() => dispatch(actions.matchesRetryClicked())}>
          {t('detailMatches.retry')}
        </SecondaryButton>
      </section>
    );
  if (!data) return <p role="status">{status === 'loading' ? t('detailMatches.loading') : ''}</p>;
  if (kind === 'lead')
    return (
      <MatchPart kind="searches" total={data.searches.total} shown={data.searches.items.length}>
        {data.searches.items.map((match, index) => (
          <SearchCard key={`${match.search.uuid}-${index}`} match={match} />
        ))}
      </MatchPart>
    );
  return (
    <>
      <MatchPart kind="leads" total={data.leads.total} shown={data.leads.items.length}>
        {data.leads.items.map((match) => (
          <LeadCard key={match.submission} match={match} />
        ))}
      </MatchPart>
      <MatchPart kind="listings" total={data.listings.total} shown={data.listings.items.length}>
        {data.listings.items.map((match) => (
          <ListingCard key={match.customId} match={match} />
        ))}
      </MatchPart>
    </>
  );
}

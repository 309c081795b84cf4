/**
 * The list's rows: a table on a wide screen (its sorted column marked with aria-sort), cards
 * with the essentials on a phone. A name opens the submission; e-mail and phone are links.
 */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatTime } from '../format';
import { mailtoHref, telHref } from '../links';
import type { InboxRow, ListSort } from '../types';
import { ConfirmedBadge, HandlingBadge, MatchBadges } from './Badges';
import { shortAddress, UnreadMark } from './Work';
import { Scroll, Table } from './Table';

/** A name that opens its submission: the brand's colour, underlined on hover, a clear focus ring. */
export const NameLink = styled(Link)`
  color: ${(p) => p.theme.colors.primary};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.primary};
    outline-offset: 2px;
    border-radius: 2px;
  }
`;

/** A contact's address or number as a link, in the text's colour, breaking where it must. */
export const ContactLink = styled.a`
  color: inherit;
  overflow-wrap: anywhere;
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.primary};
    outline-offset: 2px;
  }
`;

/** An e-mail address that wraps after its @ and before a dot, never inside a name. */
export function Email({ address }: { address: string }) {
  const pieces = address.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
`;

/** An unread row stands out (its mark says so in words). */
const Row = styled.tr<{ $unread: boolean }>`
  font-weight: ${(p) => (p.$unread ? 700 : 400)};
`;

const When = styled.td`
  white-space: nowrap;
`;

/** The e-mail address and phone number as links (the phone only when it can be dialled). */
function ContactLinks({ row }: { row: InboxRow }) {
  const tel = row.phone ? telHref(row.phone) : null;
  return (
    <>
      {row.email && (
        <ContactLink href={mailtoHref(row.email)}>
          <Email address={row.email} />
        </ContactLink>
      )}
      {tel && (
        <>
          <br />
          <ContactLink href={tel}>{row.phone}</ContactLink>
        </>
      )}
    </>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A sortable column's header: a button that sorts by it, or turns its order round. */
const SortButton = styled.button`
  font: inherit;
  font-weight: 700;
  color: inherit;
  background: none;
  border: none;
  padding: 0;
  cursor: pointer;
  span {
    padding-left: 0.25rem;
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.primary};
    outline-offset: 2px;
  }
`;

const ARROWS = { asc: '▲', desc: '▼' } as const;

export function Rows({
  rows,
  sort,
  onSort,
}: {
  rows: InboxRow[];
  sort: ListSort;
  onSort: (by: ListSort['by']) => void;
}) {
  const { t, i18n } = useTranslation('agency');
  const sorted = (by: ListSort['by']) => (sort.by === by ? ARIA_SORT[sort.order] : undefined);
  const header = (by: ListSort['by'], label: string) => (
    <th scope="col" aria-sort={sorted(by)}>
      <SortButton type="button" onClick={() => onSort(by)}>
        {label}
        {sort.by === by && <span aria-hidden="true">{ARROWS[sort.order]}</span>}
      </SortButton>
    </th>
  );
  return (
    <Scroll>
      <Table>
        <caption>
          {t('list.caption', { sort: t(`sort.captions.${sort.by}-${sort.order}`) })}
        </caption>
        <thead>
          <tr>
            {header('date', t('list.received'))}
            <th scope="col">{t('list.kind')}</th>
            {header('name', t('list.name'))}
            <th scope="col">{t('list.contactLinks')}</th>
            <th scope="col">{t('list.place')}</th>
            <th scope="col">{t('list.confirmed')}</th>
            {header('status', t('list.handling'))}
            <th scope="col">{t('work.assignee')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row key={row.uuid} $unread={!row.read}>
              <When>{formatTime(row.createdAt, i18n.language)}</When>
              <td>
                {t(`kinds.${row.kind}`)}
                {row.matches > 0 && (
                  <Badges>
                    <MatchBadges row={row} />
                  </Badges>
                )}
              </td>
              <td>
                {!row.read && <UnreadMark />}
                <NameLink to={`/submissions/${row.uuid}`}>{row.name || t('list.noName')}</NameLink>
              </td>
              <td>
                <ContactLinks row={row} />
              </td>
              <td>{row.place}</td>
              <td>
                <ConfirmedBadge confirmed={row.confirmed} />
              </td>
              <td>
                <HandlingBadge handling={row.handling} />
              </td>
              <td title={row.assignee ?? undefined}>
                {row.assignee ? shortAddress(row.assignee) : ''}
              </td>
            </Row>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}

const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

const Card = styled.li`
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius};
  padding: 0.75rem 1rem;
  display: grid;
  gap: 0.35rem;
  min-width: 0;
  h2 {
    font-size: 1.05rem;
    margin: 0;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  color: ${(p) => p.theme.colors.muted};
`;

export function Cards({ rows }: { rows: InboxRow[] }) {
  const { t, i18n } = useTranslation('agency');
  return (
    <CardList aria-label={t('list.cards')}>
      {rows.map((row) => (
        <Card key={row.uuid}>
          <h2>
            {!row.read && <UnreadMark />}
            <NameLink to={`/submissions/${row.uuid}`}>{row.name || t('list.noName')}</NameLink>
          </h2>
          <Muted>
            {t('list.cardLine', {
              kind: t(`kinds.${row.kind}`),
              at: formatTime(row.createdAt, i18n.language),
            })}
          </Muted>
          {row.place && <p>{row.place}</p>}
          <p>
            <ContactLinks row={row} />
          </p>
          <Badges>
            <HandlingBadge handling={row.handling} />
            <ConfirmedBadge confirmed={row.confirmed} />
            <MatchBadges row={row} />
          </Badges>
          {row.assignee && (
            <Muted>{t('work.assignedTo', { staff: shortAddress(row.assignee) })}</Muted>
          )}
        </Card>
      ))}
    </CardList>
  );
}

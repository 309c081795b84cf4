/**
 * The list's rows: a table on a wide screen (its sorted column marked with aria-sort), cards
 * with the essentials on a phone. A name opens the submission; e-mail and phone are links.
 */
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatShortTime, formatTime } from '../format';
import { mailtoHref, telHref } from '../links';
import type { InboxRow, ListSort } from '../types';
import { Badge, ConfirmedBadge, HandlingBadge, matchesKey, MatchBadges } from './Badges';
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

/**
 * The wide list: one line a row (decision 220). Columns keep their share of the width; a value
 * longer than its column ends in an ellipsis, whole in the cell's title for the pointer and
 * whole in the DOM for a screen reader.
 */
const OneLine = styled(Table)`
  table-layout: fixed;
  font-size: 0.875rem;
  th,
  td {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    vertical-align: middle;
    padding: 0.45rem 0.5rem 0.45rem 0;
  }
  td > ${Badge} {
    font-size: 0.75rem;
    padding: 0 0.4rem;
  }
  th {
    padding-bottom: 0.35rem;
  }
  td > a:focus-visible,
  th > button:focus-visible {
    outline-offset: -2px;
  }
`;

/** Column shares of the wide list, in the order of its header. */
const COLUMN_WIDTHS = ['11%', '12%', '13%', '23%', '9.5%', '6%', '9%', '9%', '7.5%'];

/** A count of matched pairs in a narrow column: the number, with its words for a screen reader. */
const MatchCount = styled.span`
  display: inline-block;
  min-width: 1.6rem;
  padding: 0 0.35rem;
  border-radius: 999px;
  border: 1px solid #7cc2ba;
  background: #dff2f0;
  color: #0b4543;
  font-weight: 700;
  text-align: center;
`;

const NewMatch = styled.span`
  margin-left: 0.25rem;
  color: #5c3b00;
  font-weight: 700;
`;

/**
 * The e-mail address, then the phone number, on one line: the number takes at most two fifths
 * of the cell, the address the rest; either ends in '…' when longer.
 */
const ContactLine = styled.span`
  display: flex;
  gap: 0.75rem;
  min-width: 0;
  > a {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    min-width: 0;
  }
  > a:first-child {
    flex: 0 1 auto;
  }
  > a + a {
    flex: 0 0 auto;
    max-width: 42%;
  }
`;

/** A row's matched pairs as a number and '+1' for the new ones, their words in the title and for screen readers. */
function Matches({ row }: { row: InboxRow }) {
  const { t } = useTranslation('agency');
  if (row.matches <= 0) return null;
  const words = t(matchesKey(row), { count: row.matches });
  const fresh = row.newMatches > 0 ? t('list.newMatches', { count: row.newMatches }) : '';
  return (
    <span title={fresh ? `${words}, ${fresh}` : words}>
      <MatchCount aria-hidden="true">{row.matches}</MatchCount>
      {fresh && (
        <NewMatch aria-hidden="true">
          {t('list.newMatchesShort', { count: row.newMatches })}
        </NewMatch>
      )}
      <span className="visually-hidden">{words}</span>
      {fresh && <span className="visually-hidden">{fresh}</span>}
    </span>
  );
}
/**
 * The e-mail address and phone number as links (the phone only when it can be dialled):
 * `stacked` one under the other, the address breaking after its @ and before a dot; else on one
 * line.
 */
function ContactLinks({ row, stacked = false }: { row: InboxRow; stacked?: boolean }) {
  const tel = row.phone ? telHref(row.phone) : null;
  return (
    <>
      {row.email && (
        <ContactLink href={mailtoHref(row.email)}>
          {stacked ? <Email address={row.email} /> : row.email}
        </ContactLink>
      )}
      {tel && (
        <>
          {stacked && <br />}
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
      <OneLine>
        <caption className="visually-hidden">
          {t('list.caption', { sort: t(`sort.captions.${sort.by}-${sort.order}`) })}
        </caption>
        <colgroup>
          {COLUMN_WIDTHS.map((width, index) => (
            <col key={index} style={{ width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {header('date', t('list.received'))}
            <th scope="col">{t('list.kind')}</th>
            {header('name', t('list.name'))}
            <th scope="col">{t('list.contactLinks')}</th>
            <th scope="col">{t('list.place')}</th>
            <th scope="col" title={t('list.matchesColumnTitle')}>
              {t('list.matchesColumn')}
            </th>
            <th scope="col">{t('list.confirmed')}</th>
            {header('status', t('list.handling'))}
            <th scope="col">{t('work.assignee')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const when = formatTime(row.createdAt, i18n.language);
            const kind = t(`kinds.${row.kind}`);
            const name = row.name || t('list.noName');
            return (
              <Row key={row.uuid} $unread={!row.read}>
                <td title={when}>
                  <time dateTime={row.createdAt}>
                    {formatShortTime(row.createdAt, i18n.language)}
                  </time>
                </td>
                <td title={kind}>{kind}</td>
                <td title={name}>
                  {!row.read && <UnreadMark />}
                  <NameLink to={`/submissions/${row.uuid}`} data-row={row.uuid}>
                    {name}
                  </NameLink>
                </td>
                <td title={[row.email, row.phone].filter(Boolean).join(' · ')}>
                  <ContactLine>
                    <ContactLinks row={row} />
                  </ContactLine>
                </td>
                <td title={row.place}>{row.place}</td>
                <td>
                  <Matches row={row} />
                </td>
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
            );
          })}
        </tbody>
      </OneLine>
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
            <NameLink to={`/submissions/${row.uuid}`} data-row={row.uuid}>
              {row.name || t('list.noName')}
            </NameLink>
          </h2>
          <Muted>
            {t('list.cardLine', {
              kind: t(`kinds.${row.kind}`),
              at: formatTime(row.createdAt, i18n.language),
            })}
          </Muted>
          {row.place && <p>{row.place}</p>}
          <p>
            <ContactLinks row={row} stacked />
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

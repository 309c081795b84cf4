import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import styled from 'styled-components';
import { FIRST_DAY, isDay, LAST_DAY } from '../../../contract/days';
import {
  Actions,
  Alert,
  FieldError,
  Input,
  Label,
  PageHeading,
  SecondaryButton,
  Select,
} from '../../ui/primitives';
import { csvHref } from '../api';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { formatCount, formatDay } from '../format';
import { shortcutOf } from '../keys';
import { Filters } from './Filters';
import { Confirm } from './Confirm';
import { Cards, Rows } from './ListRows';
import { UnreadCount } from './Work';
import { useAgencyDispatch, useAgencySelector } from '../hooks';
import { agencyActions as actions, selectAgency } from '../slice';
import {
  activeFilters,
  defaultOrder,
  EMPTY_FILTER,
  filterProblems,
  hasProblems,
  HANDLINGS,
  KINDS,
  SORT_CHOICES,
  viewOfSearch,
  viewSearch,
  type Filter,
  type Handling,
  type ListSort,
  type SubmissionKind,
  type ListView,
} from '../types';

/** What the list announces, by its notice. */
const NOTICES = {
  erased: 'detail.erase.done',
  demoRemoved: 'demo.removed',
  noDemo: 'demo.none',
} as const;

const Check = styled.label`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  align-self: end;
  min-height: 2.75rem;
  font-weight: 600;
  input {
    width: 1.25rem;
    height: 1.25rem;
  }
`;

const Blocked = styled.span`
  color: ${(p) => p.theme.colors.muted};
`;

const Download = styled.a`
  font-weight: 600;
  color: ${(p) => p.theme.colors.primary};
`;

/** The list's filters: columns wide enough for the longest kind ('Eigentümer-Anfrage'). */
/** Open, the form takes a line of its own between its button and the sort. */
const ListFilters = styled(Filters)`
  flex: 1 0 100%;
  min-width: 0;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 12.5rem), 1fr));
`;

/** The search box, the filters' button and what is set: one line above the list. */
const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 0.75rem;
  align-items: center;
  margin: 0 0 0.75rem;
`;

const SearchLabel = styled(Label)`
  flex-direction: row;
  align-items: center;
  gap: 0.5rem;
  flex: 0 1 20rem;
  min-width: min(100%, 16rem);
`;

const SearchInput = styled(Input)`
  flex: 1;
  min-width: 0;
`;

const SortLabel = styled(Label)`
  flex-direction: row;
  align-items: center;
  gap: 0.5rem;
  margin-left: auto;
  @media (max-width: 59.99rem) {
    margin-left: 0;
  }
  span {
    white-space: nowrap;
  }
`;

const FilterToggle = styled(SecondaryButton)`
  margin: 0;
`;

const Count = styled.p`
  margin: 0 0 0.5rem;
  font-weight: 600;
`;

/** What the list puts in the history entries it writes. */
interface ListAddress {
  list: true;
}
const WRITTEN: ListAddress = { list: true };

/** Below this width the list is cards: its table's nine columns need 1200 px to be read on one line. */
const NARROW = '(max-width: 74.99rem)';

export function Inbox() {
  const { t, i18n } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const navigate = useNavigate();
  const { search, state } = useLocation();
  const navigationType = useNavigationType();
  const opened = useRef(false);
  const { filter, sort, items, next, total, status, error, notice } = useAgencySelector(
    (state) => selectAgency(state).list,
  );
  const narrow = useMediaQuery(NARROW);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // The address names the view: on opening, Back, Forward, a link. An address the list
  // wrote itself follows its state and is not read back: the router commits it later, and
  // reading it then would undo what was typed since.
  useEffect(() => {
    const written = navigationType !== 'POP' && (state as ListAddress | null)?.list === true;
    if (!opened.current || !written) dispatch(actions.viewRead(viewOfSearch(search)));
    opened.current = true;
  }, [dispatch, search, state, navigationType]);
  /** The view into the address: typing replaces the entry, every other change adds one. */
  const go = (view: ListView, replace: boolean) =>
    navigate({ search: viewSearch(view) }, { replace, state: WRITTEN });
  const change = (part: Partial<Filter>) => {
    dispatch(actions.filterChanged(part));
    go({ filter: { ...filter, ...part }, sort }, 'q' in part);
  };
  const chooseSort = (choice: ListSort) => {
    dispatch(actions.sortChanged(choice));
    go({ filter, sort: choice }, false);
  };
  const reset = () => {
    dispatch(actions.filterReset());
    go({ filter: EMPTY_FILTER, sort }, false);
  };
  const staff = useAgencySelector((state) => selectAgency(state).staff);
  // A day the inbox does not take is pointed out at its field; list and export wait for it.
  const problems = filterProblems(filter);
  const blocked = hasProblems(problems);
  // Folded until opened; a day it cannot take keeps it open to say what is wrong.
  const formShown = filtersOpen || blocked;
  // The search box stands beside the button; the button counts what the folded form holds.
  const folded = activeFilters({ ...filter, q: '' });
  const sortKey = (choice: ListSort) => `${choice.by}-${choice.order}` as const;
  // 'Weitere laden' goes while it loads (and for good after the last page): the focus moves
  // to the first row it brought, so a keyboard reads on where the list grew.
  const moreFrom = useRef<number | null>(null);
  useEffect(() => {
    if (error) moreFrom.current = null;
    const from = moreFrom.current;
    if (from === null || items.length <= from) return;
    moreFrom.current = null;
    document.querySelectorAll<HTMLAnchorElement>('a[data-row]')[from]?.focus();
  }, [items.length, error]);
  return (
    <section aria-labelledby="inbox-heading">
      <PageHeading id="inbox-heading">
        {t('header.inbox')}
        <UnreadCount />
      </PageHeading>
      {notice && (
        <Alert $severity="success" role="status">
          {t(NOTICES[notice])}
        </Alert>
      )}
      <Tools>
        <SearchLabel>
          <span>{t('filter.search')}</span>
          <SearchInput
            type="search"
            value={filter.q}
            maxLength={100}
            placeholder={t('filter.searchHint')}
            aria-keyshortcuts={shortcutOf('search')}
            aria-describedby="filter-search-hint"
            onChange={(e) => change({ q: e.target.value })}
          />
        </SearchLabel>
        <span id="filter-search-hint" className="visually-hidden">
          {t('filter.searchHint')}
        </span>
        <FilterToggle
          ref={toggle}
          type="button"
          aria-expanded={formShown}
          aria-controls="inbox-filters"
          onClick={() => setFiltersOpen(!formShown)}
        >
          {folded ? t('filter.toggleActive', { count: folded }) : t('filter.toggle')}
        </FilterToggle>
        {!formShown && (
          <FilterSummary
            filter={filter}
            onRemove={(part) => {
              change(part);
              // The removed filter's button goes; the focus stays near, on the form's button.
              toggle.current?.focus();
            }}
          />
        )}
        <ListFilters id="inbox-filters" hidden={!formShown}>
          <legend>{t('filter.legend')}</legend>
          <Label>
            <span>{t('filter.kind')}</span>
            <Select
              value={filter.kind}
              onChange={(e) => change({ kind: e.target.value as Filter['kind'] })}
            >
              <option value="">{t('filter.allKinds')}</option>
              {KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </Select>
          </Label>
          <Label>
            <span>{t('filter.handling')}</span>
            <Select
              value={filter.handling}
              onChange={(e) => change({ handling: e.target.value as Filter['handling'] })}
            >
              <option value="">{t('filter.allHandlings')}</option>
              {HANDLINGS.map((handling) => (
                <option key={handling} value={handling}>
                  {t(`handlings.${handling}`)}
                </option>
              ))}
            </Select>
          </Label>
          <Label>
            <span>{t('filter.confirmed')}</span>
            <Select
              value={filter.confirmed}
              onChange={(e) => change({ confirmed: e.target.value as Filter['confirmed'] })}
            >
              <option value="">{t('filter.any')}</option>
              <option value="true">{t('filter.yes')}</option>
              <option value="false">{t('filter.no')}</option>
            </Select>
          </Label>
          {(['from', 'to'] as const).map((end) => (
            <div key={end}>
              <Label>
                <span>{t(`filter.${end}`)}</span>
                <Input
                  type="date"
                  min={FIRST_DAY}
                  max={LAST_DAY}
                  value={filter[end]}
                  aria-invalid={problems[end] ? true : undefined}
                  aria-describedby={problems[end] ? `filter-${end}-error` : undefined}
                  onChange={(e) => change({ [end]: e.target.value })}
                />
              </Label>
              {problems[end] && (
                <FieldError id={`filter-${end}-error`} role="alert">
                  {t(`filter.${problems[end]}`, {
                    first: formatDay(FIRST_DAY, i18n.language),
                    last: formatDay(LAST_DAY, i18n.language),
                  })}
                </FieldError>
              )}
            </div>
          ))}
          <Label>
            <span>{t('work.filterAssignee')}</span>
            <Select value={filter.assignee} onChange={(e) => change({ assignee: e.target.value })}>
              <option value="">{t('work.anyone')}</option>
              <option value="me">{t('work.me')}</option>
              <option value="none">{t('work.nobodyFilter')}</option>
              {staff.map((address) => (
                <option key={address} value={address}>
                  {address}
                </option>
              ))}
            </Select>
          </Label>
          <Check>
            <input
              type="checkbox"
              checked={filter.unread === 'true'}
              onChange={(e) => change({ unread: e.target.checked ? 'true' : '' })}
            />
            <span>{t('work.unreadOnly')}</span>
          </Check>
          <Check>
            <input
              type="checkbox"
              checked={filter.matching === 'true'}
              onChange={(e) => change({ matching: e.target.checked ? 'true' : '' })}
            />
            <span>{t('filter.matching')}</span>
          </Check>
        </ListFilters>
        <SortLabel>
          <span>{t('sort.label')}</span>
          <Select
            value={sortKey(sort)}
            onChange={(e) =>
              chooseSort(SORT_CHOICES.find((choice) => sortKey(choice) === e.target.value)!)
            }
          >
            {SORT_CHOICES.map((choice) => (
              <option key={sortKey(choice)} value={sortKey(choice)}>
                {t(`sort.options.${sortKey(choice)}`)}
              </option>
            ))}
          </Select>
        </SortLabel>
        <SecondaryButton type="button" onClick={reset}>
          {t('filter.reset')}
        </SecondaryButton>
        {blocked ? (
          <Blocked>
            <SecondaryButton type="button" disabled aria-describedby="export-blocked">
              {t('filter.export')}
            </SecondaryButton>{' '}
            <span id="export-blocked">{t('filter.exportBlocked')}</span>
          </Blocked>
        ) : (
          <Download href={csvHref(filter, sort)} download>
            {t('filter.export')}
          </Download>
        )}
      </Tools>
      {error && (
        <Alert $severity="error" role="alert">
          <p>{t(`errors.${error}`)}</p>
          <SecondaryButton type="button" onClick={() => dispatch(actions.listRequested())}>
            {t('errors.retry')}
          </SecondaryButton>
        </Alert>
      )}
      <Count role="status">
        {blocked
          ? t('list.blocked')
          : status === 'loading'
            ? t('list.loading')
            : countText(t, i18n.language, items.length, total)}
      </Count>
      {blocked ? null : status === 'empty' ? (
        <p>{t('list.empty')}</p>
      ) : narrow ? (
        <Cards rows={items} />
      ) : (
        <Rows
          rows={items}
          sort={sort}
          onSort={(by) =>
            chooseSort(
              by === sort.by
                ? { by, order: sort.order === 'asc' ? 'desc' : 'asc' }
                : { by, order: defaultOrder(by) },
            )
          }
        />
      )}
      {next !== null && (
        <p>
          <SecondaryButton
            type="button"
            disabled={status === 'loading'}
            onClick={() => {
              moreFrom.current = items.length;
              dispatch(actions.moreRequested());
            }}
          >
            {t('list.more')}
          </SecondaryButton>
        </p>
      )}
      <DemoRemoval />
    </section>
  );
}

const SetList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Chip = styled.button`
  font: inherit;
  font-size: 0.875rem;
  min-height: 2rem;
  padding: 0.15rem 0.6rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 999px;
  background: #f4f6f8;
  color: ${(p) => p.theme.colors.text};
  cursor: pointer;
  span {
    margin-left: 0.35rem;
    font-weight: 700;
  }
  &:hover {
    border-color: ${(p) => p.theme.colors.primary};
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.primary};
    outline-offset: 2px;
  }
`;

/** The folded form's filters that are set, in words, each with a button that removes it. */
function FilterSummary({
  filter,
  onRemove,
}: {
  filter: Filter;
  onRemove: (part: Partial<Filter>) => void;
}) {
  const { t, i18n } = useTranslation('agency');
  const day = (value: string) => (isDay(value) ? formatDay(value, i18n.language) : value);
  const assignee = (value: string) =>
    value === 'me' ? t('work.me') : value === 'none' ? t('work.nobodyFilter') : value;
  const words: { [K in keyof Filter]?: (value: string) => string } = {
    kind: (value) => `${t('filter.kind')}: ${t(`kinds.${value as SubmissionKind}`)}`,
    handling: (value) => `${t('filter.handling')}: ${t(`handlings.${value as Handling}`)}`,
    confirmed: (value) =>
      `${t('filter.confirmed')}: ${value === 'true' ? t('filter.yes') : t('filter.no')}`,
    from: (value) => `${t('filter.from')}: ${day(value)}`,
    to: (value) => `${t('filter.to')}: ${day(value)}`,
    assignee: (value) => `${t('work.filterAssignee')}: ${assignee(value)}`,
    unread: () => t('work.unreadOnly'),
    matching: () => t('filter.matching'),
  };
  const set = (Object.keys(words) as (keyof Filter)[]).filter((key) => filter[key].trim() !== '');
  if (set.length === 0) return null;
  return (
    <SetList aria-label={t('filter.summary')}>
      {set.map((key) => {
        const text = words[key]!(filter[key]);
        return (
          <li key={key}>
            <Chip
              type="button"
              aria-label={t('filter.removeOne', { filter: text })}
              onClick={() => onRemove({ [key]: '' })}
            >
              {text}
              <span aria-hidden="true">{t('filter.removeMark')}</span>
            </Chip>
          </li>
        );
      })}
    </SetList>
  );
}

/** '50 von 1.234 Eingängen angezeigt', '7 Eingänge'; the rows shown until a count is known. */
function countText(t: TFunction<'agency'>, language: string, shown: number, total: number | null) {
  if (total === null || total < shown) return t('list.shown', { count: shown });
  const numbers = { shown: formatCount(shown, language), total: formatCount(total, language) };
  return shown === total
    ? t('list.count', { count: total, ...numbers })
    : t('list.partial', { count: total, ...numbers });
}

/** 'Demo-Einträge entfernen' and its confirmation: the seeded sample customer goes at once. */
function DemoRemoval() {
  const { t } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const demo = useAgencySelector((state) => selectAgency(state).list.demo);
  const removing = demo === 'removing';
  return (
    <>
      <Actions>
        <SecondaryButton type="button" onClick={() => dispatch(actions.demoRemoveClicked())}>
          {t('demo.button')}
        </SecondaryButton>
      </Actions>
      {demo === 'failed' && (
        <Alert $severity="error" role="alert">
          {t('demo.failed')}
        </Alert>
      )}
      {(demo === 'confirming' || removing) && (
        <Confirm
          title={t('demo.title')}
          confirm={t('demo.confirm')}
          cancel={t('demo.cancel')}
          busy={removing ? t('demo.removing') : null}
          onConfirm={() => dispatch(actions.demoRemoveConfirmed())}
          onCancel={() => dispatch(actions.demoRemoveCancelled())}
        >
          <p>{t('demo.what')}</p>
        </Confirm>
      )}
    </>
  );
}

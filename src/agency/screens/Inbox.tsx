import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import styled from 'styled-components';
import { FIRST_DAY, LAST_DAY } from '../../../contract/days';
import {
  Actions,
  Alert,
  FieldError,
  Hint,
  Input,
  Label,
  PageHeading,
  SecondaryButton,
  Select,
} from '../../ui/primitives';
import { csvHref } from '../api';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { formatCount, formatDay } from '../format';
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
  type ListSort,
  type ListView,
} from '../types';

/** What the list announces, by its notice. */
const NOTICES = {
  erased: 'detail.erase.done',
  demoRemoved: 'demo.removed',
  noDemo: 'demo.none',
} as const;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  margin: 0 0 1rem;
`;

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
const ListFilters = styled(Filters)`
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 12.5rem), 1fr));
`;

const SearchField = styled.div`
  grid-column: span 2;
  @media (max-width: 30rem) {
    grid-column: auto;
  }
`;

const SortLabel = styled(Label)`
  flex-direction: row;
  align-items: center;
  gap: 0.5rem;
  margin-right: auto;
  span {
    white-space: nowrap;
  }
`;

const FilterToggle = styled(SecondaryButton)`
  margin: 0 0 0.75rem;
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

/** Below this width the list is cards and the filters sit behind one button. */
const NARROW = '(max-width: 59.99rem)';

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
  const active = activeFilters(filter);
  const sortKey = (choice: ListSort) => `${choice.by}-${choice.order}` as const;
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
      {narrow && (
        <FilterToggle
          type="button"
          aria-expanded={filtersOpen}
          aria-controls="inbox-filters"
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          {active ? t('filter.toggleActive', { count: active }) : t('filter.toggle')}
        </FilterToggle>
      )}
      <ListFilters id="inbox-filters" hidden={narrow && !filtersOpen}>
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
        <SearchField>
          <Label>
            <span>{t('filter.search')}</span>
            <Input
              type="search"
              value={filter.q}
              maxLength={100}
              aria-describedby="filter-search-hint"
              onChange={(e) => change({ q: e.target.value })}
            />
          </Label>
          <Hint id="filter-search-hint">{t('filter.searchHint')}</Hint>
        </SearchField>
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
      <Bar>
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
      </Bar>
      {error && (
        <Alert $severity="error" role="alert">
          <p>{t(`errors.${error}`)}</p>
          <SecondaryButton type="button" onClick={() => dispatch(actions.listRequested())}>
            {t('errors.retry')}
          </SecondaryButton>
        </Alert>
      )}
      <Count role="status">
        {status === 'loading'
          ? t('list.loading')
          : countText(t, i18n.language, items.length, total)}
      </Count>
      {status === 'empty' ? (
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
            onClick={() => dispatch(actions.moreRequested())}
          >
            {t('list.more')}
          </SecondaryButton>
        </p>
      )}
      <DemoRemoval />
    </section>
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

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { FIRST_DAY, LAST_DAY } from '../../../contract/days';
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
import { formatDay, formatTime } from '../format';
import { Filters } from './Filters';
import { Confirm } from './Confirm';
import { Scroll, Table } from './Table';
import { shortAddress, UnreadCount, UnreadMark } from './Work';
import { useAgencyDispatch, useAgencySelector } from '../hooks';
import { agencyActions as actions, selectAgency } from '../slice';
import { filterProblems, hasProblems, HANDLINGS, KINDS, type Filter } from '../types';

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

/** An unread row stands out (its mark says so in words). */
const Row = styled.tr<{ $unread: boolean }>`
  font-weight: ${(p) => (p.$unread ? 700 : 400)};
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

export function Inbox() {
  const { t, i18n } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const { filter, items, next, status, error, notice } = useAgencySelector(
    (state) => selectAgency(state).list,
  );
  const staff = useAgencySelector((state) => selectAgency(state).staff);
  const change = (part: Partial<Filter>) => dispatch(actions.filterChanged(part));
  // A day the inbox does not take is pointed out at its field; list and export wait for it.
  const problems = filterProblems(filter);
  const blocked = hasProblems(problems);
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
      <Filters>
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
          <span>{t('filter.search')}</span>
          <Input
            type="search"
            value={filter.q}
            maxLength={100}
            onChange={(e) => change({ q: e.target.value })}
          />
        </Label>
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
      </Filters>
      <Bar>
        <SecondaryButton type="button" onClick={() => dispatch(actions.filterReset())}>
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
          <Download href={csvHref(filter)} download>
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
      <p role="status">
        {status === 'loading' ? t('list.loading') : t('list.shown', { count: items.length })}
      </p>
      {status === 'empty' ? (
        <p>{t('list.empty')}</p>
      ) : (
        <Scroll>
          <Table>
            <caption>{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.received')}</th>
                <th scope="col">{t('list.kind')}</th>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.email')}</th>
                <th scope="col">{t('list.place')}</th>
                <th scope="col">{t('list.confirmed')}</th>
                <th scope="col">{t('list.handling')}</th>
                <th scope="col">{t('work.assignee')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((row) => (
                <Row key={row.uuid} $unread={!row.read}>
                  <td>{formatTime(row.createdAt, i18n.language)}</td>
                  <td>{t(`kinds.${row.kind}`)}</td>
                  <td>
                    {!row.read && <UnreadMark />}
                    <Link to={`/submissions/${row.uuid}`}>{row.name || t('list.noName')}</Link>
                  </td>
                  <td>{row.email}</td>
                  <td>{row.place}</td>
                  <td>{row.confirmed ? t('list.yes') : t('list.no')}</td>
                  <td>{t(`handlings.${row.handling}`)}</td>
                  <td title={row.assignee ?? undefined}>
                    {row.assignee ? shortAddress(row.assignee) : ''}
                  </td>
                </Row>
              ))}
            </tbody>
          </Table>
        </Scroll>
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

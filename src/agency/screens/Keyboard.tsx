/**
 * The inbox's keyboard shortcuts (decision 221; the keys in `../keys.ts`): J and K step through
 * the list's rows or its submissions, O opens, U goes back to the list, Shift+I and Shift+U mark
 * read and unread, A assigns to the signed-in staff member, / jumps to the search, ? opens the
 * help. What a key did is said in a polite live region; the help lists every key.
 */
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Dialog } from '../../ui/Dialog';
import { Actions, LinkButton, PrimaryButton } from '../../ui/primitives';
import { useAgencyDispatch, useAgencySelector } from '../hooks';
import { commandOf, KEYS, type KeyCommand, type KeyPlace } from '../keys';
import { agencyActions as actions, selectAgency } from '../slice';
import { viewSearch } from '../types';
import { Table } from './Table';

/** The list's row links, in the order shown (the table's or the phone's cards). */
const rowLinks = () => [...document.querySelectorAll<HTMLAnchorElement>('a[data-row]')];

const Kbd = styled.kbd`
  display: inline-block;
  min-width: 1.5rem;
  padding: 0 0.35rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-bottom-width: 2px;
  border-radius: 4px;
  background: #f4f6f8;
  font: inherit;
  font-weight: 700;
  text-align: center;
`;

const Help = styled(LinkButton)`
  margin-top: 1.5rem;
`;

function placeOf(pathname: string): KeyPlace | null {
  if (pathname === '/') return 'list';
  return pathname.startsWith('/submissions/') ? 'detail' : null;
}

export function KeyboardShortcuts() {
  const { t } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { filter, sort, items } = useAgencySelector((state) => selectAgency(state).list);
  const detail = useAgencySelector((state) => selectAgency(state).detail);
  const me = useAgencySelector((state) => selectAgency(state).session.email);
  const [help, setHelp] = useState(false);
  const [said, setSaid] = useState('');
  const place = placeOf(pathname);

  /** Steps `by` rows through the list on its page, or through its submissions from one. */
  const step = (by: 1 | -1) => {
    if (place === 'list') {
      const links = rowLinks();
      if (links.length === 0) return;
      const at = links.findIndex((link) => link === document.activeElement);
      // No row chosen yet: either key starts at the first.
      const to = at === -1 ? 0 : at + by;
      if (to < 0 || to >= links.length) return setSaid(t(by === 1 ? 'keys.last' : 'keys.first'));
      links[to]!.focus();
      setSaid(
        t('keys.row', { position: to + 1, count: links.length, name: links[to]!.textContent }),
      );
      return;
    }
    const at = items.findIndex((row) => row.uuid === detail.uuid);
    if (at === -1) return setSaid(t('keys.notInList'));
    const to = at + by;
    if (to < 0 || to >= items.length) return setSaid(t(by === 1 ? 'keys.last' : 'keys.first'));
    const row = items[to]!;
    navigate(`/submissions/${row.uuid}`);
    setSaid(
      t('keys.row', { position: to + 1, count: items.length, name: row.name || t('list.noName') }),
    );
  };

  const run = (command: KeyCommand) => {
    switch (command) {
      case 'next':
        return step(1);
      case 'previous':
        return step(-1);
      case 'open': {
        const links = rowLinks();
        const link = links.find((l) => l === document.activeElement) ?? links[0];
        if (link) navigate(`/submissions/${link.dataset.row}`);
        return;
      }
      case 'back':
        return navigate({ pathname: '/', search: viewSearch({ filter, sort }) });
      case 'markRead':
      case 'markUnread':
        if (detail.submission) dispatch(actions.readChosen(command === 'markRead'));
        return;
      case 'assignMe':
        if (detail.submission && me) dispatch(actions.assigneeChosen(me));
        return;
      case 'search':
        return document.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
      case 'help':
        return setHelp(true);
    }
  };
  // The listener is added once; it runs the commands of the latest render.
  const latest = useRef({ place, run });
  useEffect(() => {
    latest.current = { place, run };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { place, run } = latest.current;
      const command = place && commandOf(event, place);
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  // A new page, or a list that changed, starts with nothing said.
  useEffect(() => setSaid(''), [place, items]);

  if (!place) return null;
  return (
    <>
      <p role="status" className="visually-hidden">
        {said}
      </p>
      <Help type="button" aria-keyshortcuts="?" onClick={() => setHelp(true)}>
        {t('keys.button')}
      </Help>
      {help && (
        <Dialog title={t('keys.title')} maxWidth={640} onClose={() => setHelp(false)}>
          <p>{t('keys.intro')}</p>
          <Table>
            <caption className="visually-hidden">{t('keys.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('keys.key')}</th>
                <th scope="col">{t('keys.does')}</th>
                <th scope="col">{t('keys.where')}</th>
              </tr>
            </thead>
            <tbody>
              {KEYS.map((binding) => (
                <tr key={binding.command}>
                  <td>
                    {binding.shortcut.split('+').map((part, index) => (
                      <Fragment key={part}>
                        {index > 0 && t('keys.plus')}
                        <Kbd>{part === 'Shift' ? t('keys.shift') : part}</Kbd>
                      </Fragment>
                    ))}
                  </td>
                  <td>{t(`keys.commands.${binding.command}`)}</td>
                  <td>
                    {t(
                      `keys.places.${binding.places.join('-') as 'list' | 'detail' | 'list-detail'}`,
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Actions>
            <PrimaryButton type="button" onClick={() => setHelp(false)}>
              {t('keys.close')}
            </PrimaryButton>
          </Actions>
        </Dialog>
      )}
    </>
  );
}

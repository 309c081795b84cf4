/**
 * An agent's working day on a submission (docs/agency.md#working-the-inbox): read or unread
 * for the signed-in staff member, 'Zuständig', the notes with who and when, and the count and
 * marks the list shows of them.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { NOTE_MAX } from '../../../contract/agency';
import {
  Actions,
  Alert,
  FieldError,
  Hint,
  Label,
  PrimaryButton,
  SecondaryButton,
  Select,
  TextArea,
} from '../../ui/primitives';
import { formatTime } from '../format';
import { shortcutOf } from '../keys';
import { useAgencyDispatch, useAgencySelector } from '../hooks';
import { agencyActions as actions, selectAgency } from '../slice';
import { SectionHeading } from './SectionHeading';

/** A staff address as the list shows it: the part before the '@'. */
export const shortAddress = (address: string) => address.split('@')[0] ?? address;

const Dot = styled.span`
  display: inline-block;
  width: 0.6rem;
  height: 0.6rem;
  margin-right: 0.4rem;
  border-radius: 50%;
  background: ${(p) => p.theme.colors.primary};
`;

/** A row's unread mark: a dot, and its word for a screen reader. */
export function UnreadMark() {
  const { t } = useTranslation('agency');
  return (
    <>
      <Dot aria-hidden="true" />
      <span className="visually-hidden">{t('work.unreadMark')} </span>
    </>
  );
}

const Count = styled.span`
  display: inline-block;
  margin-left: 0.75rem;
  padding: 0.1rem 0.6rem;
  border-radius: 1rem;
  font-size: 0.9rem;
  vertical-align: middle;
  background: ${(p) => p.theme.colors.primary};
  color: #fff;
`;

/** '3 ungelesene Eingänge' beside the list's heading (nothing while the count is unknown). */
export function UnreadCount() {
  const { t } = useTranslation('agency');
  const unread = useAgencySelector((state) => selectAgency(state).list.unread);
  // None unread: nothing to point at (the tab's title has no count then either).
  return !unread ? null : <Count>{t('work.unread', { count: unread })}</Count>;
}

/** 'Zuständig' as wide as 'Status' above it, apart from the button before it. */
const AssigneeField = styled(Label)`
  width: min(100%, 18rem);
  margin: 1rem 0 0;
`;

/** 'Als ungelesen markieren' (or read again) and 'Zuständig'. */
export function ReadAndAssignee() {
  const { t } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const { read, readMark, assignee, assignment } = useAgencySelector(
    (state) => selectAgency(state).detail,
  );
  const staff = useAgencySelector((state) => selectAgency(state).staff);
  // The assignee stays a choice even when the server's list of staff did not come.
  const choices = assignee && !staff.includes(assignee) ? [...staff, assignee] : staff;
  return (
    <>
      <Actions>
        <SecondaryButton
          type="button"
          disabled={readMark === 'saving'}
          aria-keyshortcuts={shortcutOf(read ? 'markUnread' : 'markRead')}
          onClick={() => dispatch(actions.readChosen(!read))}
        >
          {read ? t('work.markUnread') : t('work.markRead')}
        </SecondaryButton>
      </Actions>
      <AssigneeField>
        <span>{t('work.assignee')}</span>
        <Select
          value={assignee ?? ''}
          disabled={assignment === 'saving'}
          onChange={(e) => dispatch(actions.assigneeChosen(e.target.value || null))}
        >
          <option value="">{t('work.nobody')}</option>
          {choices.map((address) => (
            <option key={address} value={address}>
              {address}
            </option>
          ))}
        </Select>
      </AssigneeField>
      <p role="status">
        {assignment === 'saved'
          ? t('work.assigned')
          : readMark === 'saved'
            ? t(read ? 'work.markedRead' : 'work.markedUnread')
            : ''}
      </p>
      {assignment === 'failed' && (
        <Alert $severity="error" role="alert">
          {t('work.assignFailed')}
        </Alert>
      )}
      {readMark === 'failed' && (
        <Alert $severity="error" role="alert">
          {t('work.readFailed')}
        </Alert>
      )}
    </>
  );
}

const NoteList = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0 0 1rem;
  li {
    border-left: 3px solid ${(p) => p.theme.colors.border};
    padding: 0.25rem 0 0.25rem 0.75rem;
    margin: 0 0 0.75rem;
  }
`;

const NoteText = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  margin: 0.25rem 0;
`;

const NoteForm = styled.form`
  display: grid;
  gap: 0.5rem;
  max-width: 40rem;
`;

/** The notes, oldest first, and the form for a new one (its text kept through a failure). */
export function Notes({ uuid }: { uuid: string }) {
  const { t, i18n } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const { notes, note, noteProblem, noteDeleteFailed } = useAgencySelector(
    (state) => selectAgency(state).detail,
  );
  const me = useAgencySelector((state) => selectAgency(state).session.email);
  const text = useAgencySelector((state) => selectAgency(state).drafts[uuid] ?? '');
  const described = [noteProblem && 'note-error', 'note-hint'].filter(Boolean).join(' ');
  // A note refused at its field takes the focus back there, to be put right.
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (noteProblem) field.current?.focus();
  }, [noteProblem]);
  return (
    <section aria-labelledby="notes-heading">
      <SectionHeading id="notes-heading">{t('work.notes')}</SectionHeading>
      {notes.length === 0 ? (
        <p>{t('work.noNotes')}</p>
      ) : (
        <NoteList>
          {notes.map((n) => (
            <li key={n.id}>
              <div>
                <strong>{n.author}</strong>
                {t('work.noteAt', { date: formatTime(n.createdAt, i18n.language) })}
              </div>
              <NoteText>{n.text}</NoteText>
              {n.author === me && (
                <SecondaryButton
                  type="button"
                  aria-label={t('work.deleteNoteLabel', {
                    date: formatTime(n.createdAt, i18n.language),
                  })}
                  onClick={() => dispatch(actions.noteDeleteClicked(n.id))}
                >
                  {t('work.deleteNote')}
                </SecondaryButton>
              )}
            </li>
          ))}
        </NoteList>
      )}
      {noteDeleteFailed && (
        <Alert $severity="error" role="alert">
          {t('work.deleteFailed')}
        </Alert>
      )}
      <NoteForm
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          dispatch(actions.noteSubmitted());
        }}
      >
        <Label>
          <span>{t('work.newNote')}</span>
          <TextArea
            ref={field}
            value={text}
            aria-invalid={noteProblem ? true : undefined}
            aria-describedby={described}
            onChange={(e) => dispatch(actions.noteEdited({ uuid, text: e.target.value }))}
          />
        </Label>
        <Hint id="note-hint">{t('work.noteHint', { count: text.length, max: NOTE_MAX })}</Hint>
        {noteProblem && (
          <FieldError id="note-error" role="alert">
            {t(`work.${noteProblem}`, { max: NOTE_MAX })}
          </FieldError>
        )}
        {note === 'failed' && (
          <Alert $severity="error" role="alert">
            {t('work.noteFailed')}
          </Alert>
        )}
        <p role="status">{note === 'saved' ? t('work.noteSaved') : ''}</p>
        <div>
          <PrimaryButton type="submit" disabled={note === 'saving'}>
            {note === 'failed' ? t('errors.retry') : t('work.saveNote')}
          </PrimaryButton>
        </div>
      </NoteForm>
    </section>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import { CONSENT_BOXES } from '../../../contract/contact';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { LazyPointMap } from '../../ui/map/LazyPointMap';
import { Actions, Alert, Label, PageHeading, SecondaryButton, Select } from '../../ui/primitives';
import { openimmoFeedbackHref } from '../api';
import { mailtoHref, replySubject, telHref, type Translate } from '../links';
import { ContactLink, Email } from './ListRows';
import { formatDate, formatTime } from '../format';
import { Confirm } from './Confirm';
import { DeliveryLog } from './Deliveries';
import { Matches } from './Matches';
import { Scroll, Table } from './Table';
import { Notes, ReadAndAssignee } from './Work';
import { shortcutOf } from '../keys';
import { useAgencyDispatch, useAgencySelector } from '../hooks';
import { agencyActions as actions, selectAgency } from '../slice';
import {
  HANDLINGS,
  viewSearch,
  type ConsentBox,
  type ConsentNow,
  type Handling,
  type Submission,
} from '../types';
import { SectionHeading } from './SectionHeading';

const TILES = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};
const ADDRESS_ZOOM = 16;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 24rem), 1fr));
  gap: 0 2rem;
  & > * {
    min-width: 0;
  }
`;

/** Label beside value on a wide screen, label above value on a phone. */
const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0 1rem;
  margin: 0 0 1rem;
  dt {
    font-weight: 600;
    color: ${(p) => p.theme.colors.muted};
    font-size: 0.9rem;
    margin-top: 0.5rem;
  }
  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: break-word;
  }
  @media (min-width: 36rem) {
    grid-template-columns: minmax(8rem, max-content) minmax(0, 1fr);
    gap: 0.4rem 1rem;
    dt,
    dd {
      margin-top: 0;
    }
    dt {
      font-size: inherit;
    }
  }
`;

const NoBreak = styled.span`
  white-space: nowrap;
`;

const Back = styled.p`
  margin: 0 0 0.5rem;
  a {
    font-weight: 600;
    text-decoration: none;
  }
  a::before {
    content: '← ' / '';
  }
  a:hover {
    text-decoration: underline;
  }
`;

/**
 * The consent log: a table on a wide screen; on a phone each change is a line of its own
 * (its time, the consent, the change, where), without sideways scrolling.
 */
const LogTable = styled(Table)`
  td:first-child {
    white-space: nowrap;
  }
  @media (max-width: 36rem) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
    tr {
      display: block;
      padding: 0.5rem 0;
      border-bottom: 1px solid #d5d8dc;
    }
    td {
      display: inline;
      border: none;
      padding: 0 0.4rem 0 0;
    }
    td:first-child {
      display: block;
      font-weight: 600;
    }
  }
`;

const StatusField = styled(Label)`
  width: min(100%, 18rem);
  margin: 0.5rem 0 0;
`;

const Download = styled.a`
  font-weight: 600;
  color: ${(p) => p.theme.colors.primary};
`;

const Message = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  margin: 0 0 1rem;
`;

const ReplyLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 2.75rem;
  padding: 0.5rem 1.25rem;
  border-radius: ${(p) => p.theme.radius};
  background: ${(p) => p.theme.colors.primary};
  color: #fff;
  font-weight: 600;
  text-decoration: none;
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.primary};
    outline-offset: 2px;
  }
`;

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <SectionHeading>{title}</SectionHeading>
      {children}
    </section>
  );
}

function FactList({ facts }: { facts: [string, ReactNode][] }) {
  const { t } = useTranslation('agency');
  return (
    <Facts>
      {facts.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value || t('detail.none')}</dd>
        </div>
      ))}
    </Facts>
  );
}

/** A consent as it stands: 'abgemeldet am 26.11.2026 (angemeldet am 01.11.2026)'. */
function useConsentText() {
  const { t, i18n } = useTranslation('agency');
  return (box: ConsentBox, now: ConsentNow): string => {
    const on = (state: 'given' | 'withdrawn', at: string | null) =>
      at
        ? t('detail.stateOn', {
            state: t(`detail.consentWords.${box}.${state}`),
            date: formatDate(at, i18n.language),
          })
        : t(`detail.consentWords.${box}.${state}`);
    if (now.state === 'given') return on('given', now.givenAt);
    if (now.state === 'none') return t(`detail.consentWords.${box}.none`);
    const withdrawn = on('withdrawn', now.withdrawnAt);
    return now.givenAt
      ? t('detail.stateSince', { now: withdrawn, before: on('given', now.givenAt) })
      : withdrawn;
  };
}

const Sentences = styled.ul`
  margin: 0 0 1rem;
  padding-left: 1.25rem;
  li + li {
    margin-top: 0.25rem;
  }
`;

/** A date and time that never breaks inside ('26.11.2026, 14:05 Uhr'). */
function When({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation('agency');
  return <NoBreak>{t('detail.time', { time: formatTime(iso, i18n.language) })}</NoBreak>;
}

/** What the visitor ticked with this submission, in sentences, and its confirmation by mail. */
function ConsentWithSubmission({ submission }: { submission: Submission }) {
  const { t } = useTranslation('agency');
  const { boxes, at, textVersion } = submission.consent;
  return (
    <Sentences>
      {CONSENT_BOXES.filter((box) => box in boxes).map((box) => (
        <li key={box}>
          {boxes[box] ? (
            <>
              {t(`detail.consentGiven.${box}`)} <When iso={at} />
            </>
          ) : (
            t(`detail.consentNotGiven.${box}`)
          )}
        </li>
      ))}
      {textVersion && (
        <li>
          {t('detail.consentTextVersion')} <NoBreak>{textVersion}</NoBreak>
        </li>
      )}
      <li>
        {submission.confirmedAt ? (
          <>
            {t('detail.confirmedOn')} <When iso={submission.confirmedAt} />
          </>
        ) : (
          t('detail.notConfirmed')
        )}
      </li>
    </Sentences>
  );
}

/**
 * Each of the contact's consents as it stands now; a withdrawn one stands out, and one ticked
 * with this submission that its confirmation by mail has not yet put in force says so.
 */
function ConsentsNow({ submission }: { submission: Submission }) {
  const { t } = useTranslation('agency');
  const text = useConsentText();
  const { current, boxes } = submission.consent;
  const awaiting = (box: ConsentBox) =>
    current[box].state === 'none' && !submission.confirmed && boxes[box] === true;
  return (
    <Part title={t('detail.consentNow')}>
      <FactList
        facts={CONSENT_BOXES.map((box): [string, ReactNode] => [
          t(`detail.consentNames.${box}`),
          current[box].state === 'withdrawn' ? (
            <strong>{text(box, current[box])}</strong>
          ) : awaiting(box) ? (
            t('detail.consentAwaiting')
          ) : (
            text(box, current[box])
          ),
        ])}
      />
    </Part>
  );
}

/** Every change of the contact's consents, oldest first. */
function ConsentLog({ uuid }: { uuid: string }) {
  const { t, i18n } = useTranslation('agency');
  const log = useAgencySelector((state) => selectAgency(state).detail.consentLog);
  return (
    <Part title={t('detail.consentLog')}>
      {log.length === 0 ? (
        <p>{t('detail.noConsentLog')}</p>
      ) : (
        <Scroll>
          <LogTable>
            <caption>{t('detail.consentLogCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('detail.at')}</th>
                <th scope="col">{t('detail.consentName')}</th>
                <th scope="col">{t('detail.change')}</th>
                <th scope="col">{t('detail.via')}</th>
              </tr>
            </thead>
            <tbody>
              {log.map((event, index) => (
                <tr key={index}>
                  <td>{formatTime(event.at, i18n.language)}</td>
                  <td>{t(`detail.consentNames.${event.box}`)}</td>
                  <td>
                    {t(`detail.consentWords.${event.box}.${event.given ? 'given' : 'withdrawn'}`)}
                  </td>
                  <td>
                    {event.via === 'confirmation' &&
                    event.submission &&
                    event.submission !== uuid ? (
                      <Link to={`/submissions/${event.submission}`}>
                        {t('detail.vias.confirmationOther')}
                      </Link>
                    ) : (
                      t(`detail.vias.${event.via}`)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </LogTable>
        </Scroll>
      )}
    </Part>
  );
}

const line = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** A coordinate to five decimals (about a metre), without trailing zeros: '52.51998'. */
const degrees = (value: number) => String(Number(value.toFixed(5)));

/** A phone number as typed, a 'tel:' link where it can be dialled. */
function PhoneLink({ phone }: { phone: string }) {
  const href = phone ? telHref(phone) : null;
  return href ? <ContactLink href={href}>{phone}</ContactLink> : <>{phone}</>;
}

/** 'Antworten': a mail to the visitor with the subject filled, in the inbox's language. */
function Reply({ submission }: { submission: Submission }) {
  const { t } = useTranslation('agency');
  const agency = useAgencySelector((state) => selectAgency(state).session.agency);
  const { email } = submission.contact;
  if (!email) return null;
  // The subject's keys are chosen by kind at run time (detail.replySubjects.*).
  const subject = replySubject(t as unknown as Translate, submission, agency);
  return (
    <ReplyLink href={mailtoHref(email, subject)} aria-label={t('detail.replyLabel', { email })}>
      {t('detail.reply')}
    </ReplyLink>
  );
}

function Body({ submission }: { submission: Submission }) {
  const { t } = useTranslation('agency');
  const c = submission.contact;
  const addressOf = (a: { street: string; number: string; zip: string; city: string }) =>
    [line(a.street, a.number), line(a.zip, a.city)].filter(Boolean).join(', ');
  const { lead, savedSearch, exposeInquiry, newsletter } = submission;
  const point =
    lead && lead.address.lat !== null && lead.address.lng !== null
      ? { lat: lead.address.lat, lng: lead.address.lng }
      : null;
  return (
    <Grid>
      <div>
        <Part title={t('detail.contact')}>
          <FactList
            facts={[
              [t('detail.name'), line(c.salutation, c.firstname, c.lastname)],
              [
                t('detail.email'),
                c.email && (
                  <ContactLink href={mailtoHref(c.email)}>
                    <Email address={c.email} />
                  </ContactLink>
                ),
              ],
              [t('detail.phone'), c.phone && <PhoneLink key="phone" phone={c.phone} />],
              ...(c.company ? ([[t('detail.company'), c.company]] as [string, string][]) : []),
              [t('detail.address'), addressOf(c)],
            ]}
          />
        </Part>
        {lead && (
          <Part title={t('detail.property')}>
            <FactList
              facts={[
                [
                  t('detail.object'),
                  t('detail.objectLine', {
                    category: lead.category,
                    objectType: t(`detail.objectTypes.${lead.objectType}`),
                    marketing: t(`detail.leadMarketing.${lead.marketingType}`),
                  }),
                ],
                [t('detail.propertyAddress'), addressOf(lead.address)],
                ...(point
                  ? ([
                      [
                        t('detail.coordinates'),
                        t(
                          lead.address.approximate
                            ? 'detail.coordinatesApproximate'
                            : 'detail.coordinatesExact',
                          { latitude: degrees(point.lat), longitude: degrees(point.lng) },
                        ),
                      ],
                    ] as [string, string][])
                  : []),
                ...lead.fields.map((f): [string, string] => [f.label, f.text]),
              ]}
            />
            {point && (
              <LazyPointMap
                point={point}
                zoom={ADDRESS_ZOOM}
                tiles={TILES}
                labels={{
                  map: t('detail.map'),
                  pin: addressOf(lead.address),
                  sources: t('detail.mapSources'),
                }}
                loadingLabel={t('detail.mapLoading')}
                onTilesFailed={() => {}}
              />
            )}
          </Part>
        )}
        {savedSearch && (
          <Part title={t('detail.search')}>
            <FactList
              facts={[
                [
                  t('detail.wanted'),
                  t('detail.objectLine', {
                    category: savedSearch.category,
                    objectType: t(`detail.objectTypes.${savedSearch.objectType}`),
                    marketing: t(`detail.searchMarketing.${savedSearch.marketingType}`),
                  }),
                ],
                [t('detail.regions'), savedSearch.regions.join(', ')],
                ...savedSearch.fields.map((f): [string, string] => [f.label, f.text]),
              ]}
            />
          </Part>
        )}
        {exposeInquiry && (
          <Part title={t('detail.listing')}>
            <FactList
              facts={[
                [t('detail.listingTitle'), exposeInquiry.title],
                [t('detail.listingNumber'), exposeInquiry.customObjectId],
              ]}
            />
          </Part>
        )}
        {newsletter && (
          <Part title={t('detail.newsletter')}>
            <FactList
              facts={[
                [
                  t('detail.asked'),
                  newsletter.subscribed ? t('detail.subscribed') : t('detail.notSubscribed'),
                ],
              ]}
            />
          </Part>
        )}
      </div>
      <div>
        <Part title={t('detail.message')}>
          <Message>{submission.message || t('detail.noMessage')}</Message>
        </Part>
        {submission.kind !== 'newsletter' && (
          <p>
            <Download href={openimmoFeedbackHref(submission.uuid)} download>
              {t('detail.openimmoFeedback')}
            </Download>
          </p>
        )}
        <Part title={t('detail.consent')}>
          <ConsentWithSubmission submission={submission} />
        </Part>
        <ConsentsNow submission={submission} />
        <ConsentLog uuid={submission.uuid} />
      </div>
    </Grid>
  );
}

const ERASED_PARTS = ['submissions', 'consents', 'sessions', 'deliveries'] as const;

const NoteText = styled.span`
  margin-inline-start: 0.5ch;
`;

/**
 * The notes on other contacts' submissions that name the contact: they stay, and staff decide
 * on them at their submissions (decision 202). The note's text is shown as text.
 */
function Mentions() {
  const { t, i18n } = useTranslation('agency');
  const { status, items } = useAgencySelector((state) => selectAgency(state).detail.mentions);
  if (status === 'loading') return <p role="status">{t('detail.erase.mentions.loading')}</p>;
  if (status === 'failed') return <p role="alert">{t('detail.erase.mentions.failed')}</p>;
  if (status !== 'done') return null;
  if (!items.length) return <p>{t('detail.erase.mentions.none')}</p>;
  return (
    <section aria-labelledby="erase-mentions">
      <p id="erase-mentions">{t('detail.erase.mentions.title', { count: items.length })}</p>
      <ul aria-labelledby="erase-mentions">
        {items.map((mention) => (
          <li key={mention.note.id}>
            <Link to={`/submissions/${mention.submission}`}>
              {t('detail.erase.mentions.link', {
                author: mention.note.author,
                date: formatDate(mention.note.createdAt, i18n.language),
                by: mention.by.map((part) => t(`detail.erase.mentions.by.${part}`)).join(', '),
              })}
            </Link>
            <NoteText>{mention.note.text}</NoteText>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Kontakt löschen' and its confirmation, which names what goes (docs/agency.md#erasure). */
function EraseContact({ contact }: { contact: Submission['contact'] }) {
  const { t } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const erasure = useAgencySelector((state) => selectAgency(state).detail.erasure);
  const erasing = erasure === 'erasing';
  return (
    <>
      <Actions>
        <SecondaryButton type="button" onClick={() => dispatch(actions.eraseClicked())}>
          {t('detail.erase.button')}
        </SecondaryButton>
      </Actions>
      {(erasure === 'confirming' || erasing) && (
        <Confirm
          title={t('detail.erase.title')}
          confirm={t('detail.erase.confirm')}
          cancel={t('detail.erase.cancel')}
          busy={erasing ? t('detail.erase.erasing') : null}
          onConfirm={() => dispatch(actions.eraseConfirmed())}
          onCancel={() => dispatch(actions.eraseCancelled())}
        >
          <p>
            {t('detail.erase.what', {
              name: line(contact.firstname, contact.lastname) || contact.email,
              email: contact.email,
            })}
          </p>
          <ul>
            {ERASED_PARTS.map((part) => (
              <li key={part}>{t(`detail.erase.parts.${part}`)}</li>
            ))}
          </ul>
          <p>{t('detail.erase.kept')}</p>
          <Mentions />
        </Confirm>
      )}
    </>
  );
}

export function Detail() {
  const { t } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const { uuid = '' } = useParams();
  const detail = useAgencySelector((state) => selectAgency(state).detail);
  // The list as it was left: its filter and sort.
  const list = useAgencySelector((state) => selectAgency(state).list);
  const back = { pathname: '/', search: viewSearch({ filter: list.filter, sort: list.sort }) };
  useEffect(() => {
    dispatch(actions.detailOpened(uuid));
  }, [dispatch, uuid]);
  const submission = detail.submission;
  // A submission opened (by its link, a key or Back and Forward): the focus on its heading,
  // which a screen reader then reads, as a page load would start it there.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownUuid = submission?.uuid;
  useEffect(() => {
    if (shownUuid) heading.current?.focus();
  }, [shownUuid]);
  const name = submission
    ? line(submission.contact.firstname, submission.contact.lastname) || submission.contact.email
    : '';
  // Erased: back to the list, which says so.
  if (detail.erasure === 'erased') return <Navigate to={back} replace />;
  return (
    <article aria-labelledby="detail-heading">
      <Back>
        <Link to={back} aria-keyshortcuts={shortcutOf('back')}>
          {t('detail.back')}
        </Link>
      </Back>
      {detail.error && (
        <Alert $severity="error" role="alert">
          {t(`errors.${detail.error}`)}
        </Alert>
      )}
      <p role="status">{!submission && detail.status === 'loading' ? t('detail.loading') : ''}</p>
      {submission && (
        <>
          <PageHeading id="detail-heading" ref={heading} tabIndex={-1}>
            {t('detail.heading', { kind: t(`kinds.${submission.kind}`), name })}
          </PageHeading>
          <p>
            <Reply submission={submission} />
          </p>
          <StatusField>
            <span>{t('detail.status')}</span>
            <Select
              value={submission.handling}
              disabled={detail.handling === 'saving'}
              onChange={(e) => dispatch(actions.handlingChosen(e.target.value as Handling))}
            >
              {HANDLINGS.map((h) => (
                <option key={h} value={h}>
                  {t(`handlings.${h}`)}
                </option>
              ))}
            </Select>
          </StatusField>
          <p role="status">{detail.handling === 'saved' ? t('detail.saved') : ''}</p>
          {detail.handling === 'failed' && (
            <Alert $severity="error" role="alert">
              {t('detail.saveFailed')}
            </Alert>
          )}
          <ReadAndAssignee />
          {detail.erasure === 'failed' && (
            <Alert $severity="error" role="alert">
              {t('detail.erase.failed')}
            </Alert>
          )}
          <Body submission={submission} />
          {(submission.kind === 'lead' || submission.kind === 'savedSearch') && (
            <Matches kind={submission.kind} />
          )}
          <Notes uuid={submission.uuid} />
          <Part title={t('detail.deliveries')}>
            <DeliveryLog />
          </Part>
          <EraseContact contact={submission.contact} />
        </>
      )}
    </article>
  );
}

/**
 * A submission's delivery log (docs/agency.md#the-delivery-log): each notice and webhook call
 * as a card that names its event, its state, its tries, its next try while pending, and its
 * last error in the inbox's language. Cards stack on a phone and sit side by side on a desktop.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DELIVERY_ERROR_CODES, type DeliveryErrorCode } from '../../../contract/agency';
import { SecondaryButton } from '../../ui/primitives';
import { formatTime } from '../format';
import { useAgencyDispatch, useAgencySelector } from '../hooks';
import { agencyActions as actions, selectAgency } from '../slice';
import type { Delivery } from '../types';

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr));
  gap: 0.75rem;
`;

const Card = styled.li<{ $status: Delivery['status'] }>`
  border: 1px solid ${(p) => p.theme.colors.border};
  border-left: 4px solid
    ${(p) =>
      p.$status === 'failed'
        ? p.theme.colors.error
        : p.$status === 'pending'
          ? p.theme.colors.warning
          : p.theme.colors.success};
  border-radius: 4px;
  padding: 0.75rem 1rem;
  min-width: 0;
  h3 {
    font-size: 1rem;
    margin: 0 0 0.25rem;
  }
  p {
    margin: 0.25rem 0;
  }
`;

const Recipient = styled.p`
  overflow-wrap: break-word;
  word-break: break-word;
  color: ${(p) => p.theme.colors.muted};
`;

const When = styled.span`
  white-space: nowrap;
`;

const MAIL_EVENTS = ['notice', 'confirm', 'login', 'noAccount'] as const;
type MailEvent = (typeof MAIL_EVENTS)[number];
const isMailEvent = (kind: string): kind is MailEvent =>
  (MAIL_EVENTS as readonly string[]).includes(kind);

const isCode = (code: unknown): code is DeliveryErrorCode =>
  typeof code === 'string' && (DELIVERY_ERROR_CODES as readonly string[]).includes(code);

/** The event a delivery carries, in words ('Benachrichtigung an das Maklerbüro'). */
function useEventName() {
  const { t } = useTranslation('agency');
  return (d: Delivery) =>
    d.channel === 'webhook'
      ? t('detail.events.webhook', { event: d.kind })
      : isMailEvent(d.kind)
        ? t(`detail.events.mail.${d.kind}`)
        : t('detail.events.otherMail');
}

/**
 * The last error in the inbox's language: a known code with its parameters, else a general
 * sentence (a code this inbox does not know yet, or an error without one). The server's own
 * text is never shown.
 */
function useErrorText() {
  const { t } = useTranslation('agency');
  return (d: Delivery): string | null => {
    const error = (d as { error?: unknown }).error;
    if (error === null || error === undefined)
      return d.lastError ? t('detail.deliveryErrors.unknown') : null;
    const { code, status, enhanced } = error as {
      code?: unknown;
      status?: unknown;
      enhanced?: unknown;
    };
    if (!isCode(code)) return t('detail.deliveryErrors.unknown');
    const number = typeof status === 'number' ? String(status) : '';
    if ((code === 'http_status' || code.startsWith('smtp_r')) && !number)
      return t('detail.deliveryErrors.unknown');
    const reply = typeof enhanced === 'string' ? `${number} ${enhanced}` : number;
    return String(t(`detail.deliveryErrors.${code}`, { status: number, reply }));
  };
}

function DeliveryCard({ d, waits }: { d: Delivery; waits: boolean }) {
  const { t, i18n } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const eventName = useEventName();
  const errorText = useErrorText();
  const time = (iso: string) => (
    <When>{t('detail.time', { time: formatTime(iso, i18n.language) })}</When>
  );
  const error = d.status === 'sent' ? null : errorText(d);
  return (
    <Card $status={d.status}>
      <h3>{eventName(d)}</h3>
      <Recipient>{t('detail.deliveryTo', { recipient: d.recipient })}</Recipient>
      <p>
        <strong>{t(`detail.deliveryStatuses.${d.status}`)}</strong>
        {d.status === 'sent' && d.sentAt && (
          <>
            {t('detail.separator')}
            {time(d.sentAt)}
          </>
        )}
        {t('detail.separator')}
        <When>{t('detail.attemptCount', { count: d.attempts })}</When>
      </p>
      {d.status === 'pending' && (
        <p>
          {waits ? (
            t('detail.waitsForEarlier')
          ) : (
            <>
              {t('detail.nextTry')} {time(d.nextAttemptAt)}
            </>
          )}
        </p>
      )}
      {error && (
        <p>
          {t('detail.lastError')} {error}
        </p>
      )}
      {d.status === 'failed' && (
        <p>
          <SecondaryButton
            type="button"
            aria-label={t('detail.resendLabel', { event: eventName(d) })}
            onClick={() => dispatch(actions.deliveryRetryClicked(d.id))}
          >
            {t('detail.resend')}
          </SecondaryButton>
        </p>
      )}
      <p>
        {t('detail.createdAt')} {time(d.createdAt)}
      </p>
    </Card>
  );
}

/**
 * The cards of the open submission's deliveries, oldest first. A webhook call waits while an
 * earlier one of its submission is pending (they go out in order): it says so rather than a
 * next try that has passed.
 */
export function DeliveryLog() {
  const { t } = useTranslation('agency');
  const deliveries = useAgencySelector((state) => selectAgency(state).detail.deliveries);
  return deliveries.length === 0 ? (
    <p>{t('detail.noDeliveries')}</p>
  ) : (
    <Cards aria-label={t('detail.deliveriesCaption')}>
      {deliveries.map((d) => (
        <DeliveryCard
          key={d.id}
          d={d}
          waits={
            d.channel === 'webhook' &&
            deliveries.some((e) => e.channel === 'webhook' && e.status === 'pending' && e.id < d.id)
          }
        />
      ))}
    </Cards>
  );
}

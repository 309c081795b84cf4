/**
 * A submission's status, confirmation and matches as badges: the word always written, the
 * colour only beside it; dark text on a light tint (contrast above 7:1, WCAG AAA).
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { InboxRow, Handling } from '../types';

type Tone = 'blue' | 'amber' | 'green' | 'grey' | 'red' | 'teal';

const TONES: Record<Tone, { text: string; background: string; border: string }> = {
  blue: { text: '#0b3a6e', background: '#e3eefb', border: '#9bbbe3' },
  amber: { text: '#5c3b00', background: '#fff1cc', border: '#e0b54d' },
  green: { text: '#17451f', background: '#e2f3e5', border: '#8cc79a' },
  grey: { text: '#33383d', background: '#eceef0', border: '#b3b9bf' },
  red: { text: '#6e1a1a', background: '#fbe6e6', border: '#e0a0a0' },
  teal: { text: '#0b4543', background: '#dff2f0', border: '#7cc2ba' },
};

const HANDLING_TONES: Record<Handling, Tone> = {
  new: 'blue',
  inProgress: 'amber',
  done: 'green',
  spam: 'grey',
};

export const Badge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  padding: 0.1rem 0.5rem;
  border-radius: 999px;
  border: 1px solid ${(p) => TONES[p.$tone].border};
  background: ${(p) => TONES[p.$tone].background};
  color: ${(p) => TONES[p.$tone].text};
  font-size: 0.85rem;
  font-weight: 600;
  line-height: 1.4;
  white-space: nowrap;
`;

export function HandlingBadge({ handling }: { handling: Handling }) {
  const { t } = useTranslation('agency');
  return <Badge $tone={HANDLING_TONES[handling] ?? 'grey'}>{t(`handlings.${handling}`)}</Badge>;
}

export function ConfirmedBadge({ confirmed }: { confirmed: boolean }) {
  const { t } = useTranslation('agency');
  return (
    <Badge $tone={confirmed ? 'green' : 'red'}>
      {confirmed ? t('list.confirmedBadge') : t('list.unconfirmedBadge')}
    </Badge>
  );
}

/** The words of a row's count: a saved search's matching properties, else a lead's searches. */
export const matchesKey = (row: Pick<InboxRow, 'kind'>) =>
  row.kind === 'savedSearch' ? ('list.matchesSearch' as const) : ('list.matchesLead' as const);

/**
 * A row's matched pairs in words: a lead's matching searches ('3 passende Suchprofile'), a
 * saved search's matching properties ('3 passende Objekte'), and beside them those found since
 * the signed-in staff member last read it ('1 neuer Treffer', decision 159). Nothing without a
 * match.
 */
export function MatchBadges({ row }: { row: Pick<InboxRow, 'kind' | 'matches' | 'newMatches'> }) {
  const { t } = useTranslation('agency');
  if (row.matches <= 0) return null;
  return (
    <>
      <Badge $tone="teal">{t(matchesKey(row), { count: row.matches })}</Badge>
      {row.newMatches > 0 && (
        <Badge $tone="amber">{t('list.newMatches', { count: row.newMatches })}</Badge>
      )}
    </>
  );
}

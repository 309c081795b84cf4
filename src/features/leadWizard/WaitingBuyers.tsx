/**
 * The line under the lead's thanks: how many saved searches wait for a property like the
 * owner's and where, or that the agent checks them (docs/matching.md#what-an-owner-may-be-shown).
 * Its own chunk with its strings, loaded once the answer has told it.
 */
import { useTranslation } from 'react-i18next';
import { dataKey } from '../../i18n';
import { addScreenStrings } from '../../i18n/screens';
import { LEAD_WAITING_STRINGS } from '../../i18n/strings/leadWaiting';
import type { WaitingBuyers as Waiting } from './answer';

export interface WaitingBuyersProps extends Waiting {
  marketingType: string;
  /** The category's name (its strings' key); none: 'a property'. */
  category?: string;
}

export default function WaitingBuyers({
  count,
  place,
  marketingType,
  category,
}: WaitingBuyersProps) {
  const { t, i18n } = useTranslation();
  addScreenStrings(i18n, LEAD_WAITING_STRINGS);
  const key = count === null ? 'checked' : place === null ? 'near' : 'in';
  return (
    <p>
      {t(dataKey(`leadWaiting.${key}`), {
        count: count ?? undefined,
        place,
        who: t(dataKey(`leadWaiting.searchers.${marketingType}`)),
        what: t(dataKey(`leadWaiting.likeYours.${category ?? 'other'}`)),
      })}
    </p>
  );
}

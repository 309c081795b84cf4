import { useTranslation } from 'react-i18next';
import { SecondaryButton } from '../ui/primitives';

/** 'Zurück', or an empty cell on the first step, so the forward button stays on the right. */
export function BackButton({ onBack }: { onBack: (() => void) | null }) {
  const { t } = useTranslation();
  if (!onBack) return <span />;
  return (
    <SecondaryButton type="button" onClick={onBack}>
      {t('wizard.back')}
    </SecondaryButton>
  );
}

/**
 * The tiles a map may load now, and the consent panel to show in front of it while it may not
 * (decision 22). Without consent the map still shows its outline, pin and shapes (decision 50).
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectConfig } from '../../app/selectors';
import { SecondaryButton } from '../../ui/primitives';
import { mapTilesActions, selectMapTiles } from './slice';

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const Panel = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem 1rem;
  padding: 0.75rem 1rem;
  margin-bottom: 0.5rem;
  background: #eef2f5;
  border-radius: ${(p) => p.theme.radius};
  p {
    margin: 0;
    flex: 1 1 18rem;
  }
`;

export function useMapTiles(): {
  tiles: { url: string; attribution: string } | null;
  consentPanel: React.JSX.Element | null;
} {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectConfig);
  const given = useAppSelector((state) => selectMapTiles(state).given);
  const tiles = config.tiles ?? {
    url: DEFAULT_TILE_URL,
    attribution: t('location.osmAttribution'),
  };
  if (!config.mapConsent || given) return { tiles, consentPanel: null };
  return {
    tiles: null,
    consentPanel: (
      <Panel role="group" aria-label={t('mapConsent.label')}>
        <p>{t('mapConsent.text')}</p>
        <SecondaryButton type="button" onClick={() => dispatch(mapTilesActions.consentGiven())}>
          {t('mapConsent.load')}
        </SecondaryButton>
      </Panel>
    ),
  };
}

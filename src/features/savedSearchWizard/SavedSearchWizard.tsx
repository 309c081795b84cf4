/**
 * The saved-search wizard screen (product 2.3): the kit's shell and steps, its own regions
 * step and its titles. Reads selectors, dispatches events, holds no rules.
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import styled from 'styled-components';
import type { Category } from '../../../contract/catalog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectConfig } from '../../app/selectors';
import { HoldShell } from '../../app/shell';
import { dataKey } from '../../i18n';
import { mapTilesActions } from '../../parts/mapTiles/slice';
import { useMapTiles } from '../../parts/mapTiles/useMapTiles';
import { RegionMenu } from '../../parts/regions/RegionMenu';
import { regionsActions, selectRegionsState } from '../../parts/regions/slice';
import { compactSelection } from '../../parts/regions/tree';
import { LazyRegionMap, useNarrow } from '../../ui/map/LazyMap';
import { MAP } from '../../ui/constants';
import { Actions, Alert, Hint, PrimaryButton, SecondaryButton } from '../../ui/primitives';
import { CategoryStep, ContactStep, lazyStep } from '../../wizard/steps';
import { WizardShell, type FooterSlot, type WizardKit } from '../../wizard/WizardShell';
import type { StepId } from './machine';
import {
  savedSearchSelectors,
  selectRegionIds,
  selectRegionTree,
  selectSavedSearchOptions,
  selectSavedSearchPayload,
  selectSavedSearchWizard,
  type SavedSearchPayload,
} from './selectors';
import { savedSearchWizardActions as actions, type SavedSearch } from './slice';

const Regions = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: minmax(14rem, 20rem) 1fr;
  align-items: start;
  @media (max-width: ${(p) => p.theme.breakpoints.sm}px) {
    grid-template-columns: 1fr;
  }
`;

const LABELS = {
  regions: 'savedSearchWizard.stepRegions',
  category: 'savedSearchWizard.stepCategories',
  details: 'savedSearchWizard.stepDetails',
  contact: 'savedSearchWizard.stepContact',
} as const satisfies Record<StepId, string>;

function RegionsStep() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectConfig);
  const status = useAppSelector((state) => selectRegionsState(state).status);
  const shapes = useAppSelector((state) => selectRegionsState(state).shapes);
  const shapesAttribution = useAppSelector((state) => selectRegionsState(state).shapesAttribution);
  const tree = useAppSelector(selectRegionTree);
  const selection = useAppSelector(selectRegionIds);
  const canNext = useAppSelector(savedSearchSelectors.selectCanNext);
  const { tiles, consentPanel } = useMapTiles();
  const narrow = useNarrow();
  useEffect(() => {
    dispatch(regionsActions.shapesRequested());
  }, [dispatch]);

  if (status === 'failed') {
    return (
      <Alert $severity="error" role="alert">
        <p>{t('regions.failed')}</p>
        <SecondaryButton type="button" onClick={() => dispatch(regionsActions.regionsRequested())}>
          {t('app.retry')}
        </SecondaryButton>
      </Alert>
    );
  }
  if (tree.order.length === 0)
    return (
      <>
        <p role="status">{t('regions.loading')}</p>
        <HoldShell />
      </>
    );
  const chosen = compactSelection(tree, selection).length;
  return (
    <>
      <Hint>{t('regions.hint')}</Hint>
      <Regions>
        <div>
          <RegionMenu
            tree={tree}
            selection={selection}
            label={t('regions.menu')}
            onToggle={(id) => dispatch(actions.regionToggled(id))}
            onAll={(chosen) => dispatch(actions.allRegionsToggled(chosen))}
          />
          <p role="status">
            {chosen > 0 ? t('regions.chosen', { count: chosen }) : t('regions.none')}
          </p>
        </div>
        <div>
          {consentPanel}
          <LazyRegionMap
            view={{ ...config.mapCenter, zoom: narrow ? MAP.narrowZoom : config.mapZoom }}
            shapes={shapes}
            attribution={
              shapesAttribution ? t('regions.shapesSource', { source: shapesAttribution }) : ''
            }
            selection={selection}
            tiles={tiles}
            labels={{ map: t('regions.map'), sources: t('location.mapSources') }}
            loadingLabel={t('location.mapLoading')}
            onToggle={(id) => dispatch(actions.regionToggled(id))}
            onTilesFailed={(url) => dispatch(mapTilesActions.tilesFailed({ url }))}
          />
        </div>
      </Regions>
      <Actions>
        <span />
        <PrimaryButton
          type="button"
          disabled={!canNext}
          onClick={() => dispatch(actions.nextClicked())}
        >
          {t('savedSearchWizard.enterDetails')}
        </PrimaryButton>
      </Actions>
    </>
  );
}

const KIT: WizardKit<'savedSearchWizard'> = {
  name: 'savedSearchWizard',
  kind: 'search',
  actions,
  selectors: savedSearchSelectors,
  nextLabel: () => 'wizard.next',
  submitLabel: (state) =>
    selectSavedSearchWizard(state).uuid === null
      ? 'savedSearchWizard.create'
      : 'savedSearchWizard.saveChanges',
  message: false,
};

const STEPS = {
  regions: RegionsStep,
  category: CategoryStep,
  details: lazyStep(() => import('./DetailsStep')),
  contact: ContactStep,
};

function stepTitle(t: TFunction, id: StepId, category: Category | null) {
  return (
    <>
      {t(LABELS[id])}
      {id === 'details' && category && (
        <>
          {t('wizard.stepSeparator')}
          {t(dataKey(`categories.${category.name}`))}
        </>
      )}
    </>
  );
}

export interface SavedSearchWizardProps {
  /** A saved search to edit (the portal's edit dialog); the route starts a new one. */
  profile?: SavedSearch | null;
  /**
   * The footer in place of the contact step (product 2.1.10, the portal's dialogs): given
   * whether the profile may be saved and the saved search as it would be sent.
   */
  footer?: (slot: FooterSlot<SavedSearchPayload>) => ReactNode;
}

export function SavedSearchWizard({ profile = null, footer }: SavedSearchWizardProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const options = useAppSelector(selectSavedSearchOptions);
  // A footer of the embedder means a dialog: no contact step and no step header.
  const hideContactStep = options.hideContactStep || footer !== undefined;
  const editing = useAppSelector((state) => selectSavedSearchWizard(state).uuid !== null);
  useEffect(() => {
    dispatch(
      actions.opened({ hideContactStep, preselected: options.regions, profile }, Date.now()),
    );
  }, [dispatch, hideContactStep, options.regions, profile]);
  return (
    <WizardShell
      kit={KIT}
      labels={LABELS}
      stepTitle={(id, category) => stepTitle(t, id, category)}
      steps={STEPS}
      success={
        editing
          ? ['savedSearchWizard.savedChanges']
          : ['savedSearchWizard.success', 'savedSearchWizard.successNext']
      }
      hideContactStep={hideContactStep}
      hideStepHeader={options.hideStepHeader || footer !== undefined}
      selectAssembled={selectSavedSearchPayload}
      footer={footer}
    />
  );
}

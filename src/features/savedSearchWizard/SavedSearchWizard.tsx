/**
 * The saved-search wizard screen (product 2.3): the kit's shell and steps, its own regions
 * step and its titles. Reads selectors, dispatches events, holds no rules.
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import styled from 'styled-components';
import { SEARCH_RANGE_FIELDS, type Category } from '../../../contract/catalog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectConfig } from '../../app/selectors';
import type { RootState } from '../../app/store';
import { dataKey } from '../../i18n';
import { isNumeric, type FieldDefinition } from '../../parts/fields/definitions';
import { parseNumber } from '../../parts/fields/parse';
import { rangeKey } from '../../parts/fields/records';
import { mapTilesActions } from '../../parts/mapTiles/slice';
import { useMapTiles } from '../../parts/mapTiles/useMapTiles';
import { RegionMenu } from '../../parts/regions/RegionMenu';
import { regionsActions, selectRegionsState } from '../../parts/regions/slice';
import { compactSelection } from '../../parts/regions/tree';
import { LazyRegionMap, useNarrow } from '../../ui/map/LazyMap';
import { MAP } from '../../ui/constants';
import {
  Actions,
  Alert,
  FieldError,
  Hint,
  PrimaryButton,
  SecondaryButton,
} from '../../ui/primitives';
import { CategoryStep, ContactStep, DetailsStep, WizardField } from '../../wizard/steps';
import { WizardShell, type FooterSlot, type WizardKit } from '../../wizard/WizardShell';
import type { StepId } from './machine';
import {
  savedSearchSelectors,
  selectCanNext,
  selectRegionIds,
  selectRegionTree,
  selectSavedSearchOptions,
  selectSavedSearchPayload,
  selectSavedSearchWizard,
  type SavedSearchPayload,
} from './selectors';
import { savedSearchWizardActions as actions, type SavedSearch } from './slice';

const Range = styled.fieldset`
  grid-column: 1 / -1;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  border: none;
  legend {
    padding: 0;
    margin-bottom: 0.25rem;
    font-weight: 600;
  }
`;

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

const KIT: WizardKit = { actions, selectors: savedSearchSelectors, kind: 'search' };

function RegionsStep() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectConfig);
  const status = useAppSelector((state) => selectRegionsState(state).status);
  const shapes = useAppSelector((state) => selectRegionsState(state).shapes);
  const shapesAttribution = useAppSelector((state) => selectRegionsState(state).shapesAttribution);
  const tree = useAppSelector(selectRegionTree);
  const selection = useAppSelector(selectRegionIds);
  const canNext = useAppSelector(selectCanNext);
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
  if (tree.order.length === 0) return <p role="status">{t('regions.loading')}</p>;
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
            attribution={shapesAttribution}
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

/** A price or year built as 'von'/'bis' (product 3.15), with a note when the two are the wrong way round. */
function RangeInput({ definition, label }: { definition: FieldDefinition; label: string }) {
  const { t } = useTranslation();
  const typed = (end: 'min' | 'max') => (state: RootState) =>
    selectSavedSearchWizard(state).fieldInputs[rangeKey(definition.id, end)]?.trim() ?? '';
  const read = (text: string) => (text ? parseNumber(text, definition.type as 'number') : null);
  const low = read(useAppSelector(typed('min')));
  const high = read(useAppSelector(typed('max')));
  const swapped = low !== null && high !== null && low > high;
  return (
    <Range>
      <legend>{label}</legend>
      {(['min', 'max'] as const).map((end) => (
        <WizardField
          key={end}
          id={rangeKey(definition.id, end)}
          definition={definition}
          label={t(end === 'min' ? 'savedSearchWizard.rangeMin' : 'savedSearchWizard.rangeMax', {
            label,
          })}
        />
      ))}
      {swapped && <FieldError role="status">{t('savedSearchWizard.rangeSwapped')}</FieldError>}
    </Range>
  );
}

function SearchField({ definition, label }: { definition: FieldDefinition; label: string }) {
  const { t } = useTranslation();
  if (isNumeric(definition.type) && SEARCH_RANGE_FIELDS.includes(definition.id))
    return <RangeInput definition={definition} label={label} />;
  return (
    <WizardField
      definition={definition}
      label={isNumeric(definition.type) ? t('savedSearchWizard.minimum', { label }) : label}
    />
  );
}

function SearchDetailsStep() {
  const { t } = useTranslation();
  return <DetailsStep Field={SearchField} nextLabel={t('wizard.next')} />;
}

function SearchContactStep() {
  const { t } = useTranslation();
  const editing = useAppSelector((state) => selectSavedSearchWizard(state).uuid !== null);
  return (
    <ContactStep
      message={false}
      submitLabel={t(editing ? 'savedSearchWizard.saveChanges' : 'savedSearchWizard.create')}
    />
  );
}

const STEPS = {
  regions: RegionsStep,
  category: CategoryStep,
  details: SearchDetailsStep,
  contact: SearchContactStep,
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
      idPrefix="search"
      title={t('routes.savedSearchWizard')}
      lead="savedSearchWizard.heading"
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
      footerLabel="savedSearchWizard.footer"
      selectAssembled={selectSavedSearchPayload}
      footer={footer}
    />
  );
}

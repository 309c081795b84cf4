/**
 * The lead wizard screen (product 2.1): the kit's shell and steps, its own address step and
 * its titles. Reads selectors, dispatches events, holds no rules.
 */
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../contract/catalog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectConfig } from '../../app/selectors';
import { dataKey } from '../../i18n';
import type { Address } from '../../parts/location/address';
import { LocationPicker } from '../../parts/location/LocationPicker';
import {
  pointPlaced,
  searchCleared,
  searchTextChanged,
  selectGeocoder,
  suggestionChosen,
} from '../../parts/location/slice';
import { mapTilesActions } from '../../parts/mapTiles/slice';
import { useMapTiles } from '../../parts/mapTiles/useMapTiles';
import { MAP } from '../../ui/constants';
import { retryableLazy } from '../../ui/LazyPart';
import { useNarrow } from '../../ui/map/LazyMap';
import type { LatLngZoom } from '../../ui/map/LocationMap';
import { CategoryStep, ContactStep, lazyStep, useBack } from '../../wizard/steps';
import { WizardShell, type WizardKit } from '../../wizard/WizardShell';
import type { StepId } from './machine';
import {
  leadSelectors,
  selectLeadPayload,
  selectLeadWizard,
  selectLeadWizardOptions,
  selectWaiting,
} from './selectors';
import { leadWizardActions as actions } from './slice';
import { AddressStep } from './steps/AddressStep';
import type { WaitingBuyersProps } from './WaitingBuyers';

const LABELS = {
  category: 'leadWizard.stepCategory',
  address: 'leadWizard.stepAddress',
  details: 'leadWizard.stepDetails',
  contact: 'leadWizard.stepContact',
} as const satisfies Record<StepId, string>;

/** The address search: typing re-renders this alone, not the map beside it. */
function AddressSearch() {
  const dispatch = useAppDispatch();
  const geocoder = useAppSelector(selectGeocoder);
  // Stable handlers: the picker's parts that do not show the text skip a keystroke's render.
  const onText = useCallback((text: string) => dispatch(searchTextChanged(text)), [dispatch]);
  const onChoose = useCallback(
    (address: Address, line: string) => dispatch(suggestionChosen({ address, line })),
    [dispatch],
  );
  const onClear = useCallback(() => dispatch(searchCleared()), [dispatch]);
  return (
    <LocationPicker
      text={geocoder.text}
      status={geocoder.status}
      suggestions={geocoder.suggestions}
      onText={onText}
      onChoose={onChoose}
      onClear={onClear}
    />
  );
}

function AddressStepView() {
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectConfig);
  const { tiles, consentPanel } = useMapTiles();
  const location = useAppSelector((state) => selectLeadWizard(state).location);
  const manualEntry = useAppSelector((state) => selectLeadWizard(state).manualEntry);
  const addressAtPin = useAppSelector((state) => selectLeadWizard(state).addressAtPin ?? null);
  const mapView = useAppSelector((state) => selectLeadWizard(state).mapView);
  const { order } = useAppSelector(selectLeadWizardOptions);
  const canNext = useAppSelector(leadSelectors.selectCanNext);
  const narrow = useNarrow();
  const back = useBack();
  const onPlace = useCallback(
    (point: { lat: number; lng: number }) => dispatch(pointPlaced(point)),
    [dispatch],
  );
  const onMove = useCallback((view: LatLngZoom) => dispatch(actions.mapMoved(view)), [dispatch]);
  const onTilesFailed = useCallback(
    (url: string) => dispatch(mapTilesActions.tilesFailed({ url })),
    [dispatch],
  );
  const view: LatLngZoom = mapView ?? {
    ...config.mapCenter,
    zoom: narrow ? MAP.narrowZoom : config.mapZoom,
  };
  return (
    <AddressStep
      picker={<AddressSearch />}
      location={location}
      addressAtPin={addressAtPin}
      manualEntry={manualEntry}
      showFieldsWithPin={order === 'address-first'}
      view={view}
      tiles={tiles}
      consentPanel={consentPanel}
      canContinue={canNext}
      onManual={() => dispatch(actions.manualEntryOpened())}
      onTakePinAddress={() => dispatch(actions.pinAddressTaken())}
      onKeepAddress={() => dispatch(actions.pinAddressKept())}
      onField={(field, value) => dispatch(actions.addressFieldEdited({ field, value }))}
      onPlace={onPlace}
      onMove={onMove}
      onTilesFailed={onTilesFailed}
      onNext={() => dispatch(actions.nextClicked())}
      onBack={back}
    />
  );
}

const KIT: WizardKit<'leadWizard'> = {
  name: 'leadWizard',
  kind: 'lead',
  actions,
  selectors: leadSelectors,
  nextLabel: (state) =>
    selectLeadWizard(state).order === 'address-first' ? 'leadWizard.enterContact' : 'wizard.next',
  submitLabel: () => 'leadWizard.submit',
  message: true,
};

const STEPS = {
  category: CategoryStep,
  address: AddressStepView,
  details: lazyStep(() => import('./steps/DetailsStep')),
  contact: ContactStep,
};

function useStepTitle() {
  const { t } = useTranslation();
  return (id: StepId, category: Category | null) => {
    if (id === 'details')
      return t('leadWizard.detailsTitle', {
        category: category ? t(dataKey(`categories.${category.name}`)) : '',
      });
    return t(id === 'contact' ? LABELS.contact : (`leadWizard.${id}Title` as const));
  };
}

/** Under the thanks: the saved searches waiting for a property like the owner's. */
const WaitingBuyers = retryableLazy<WaitingBuyersProps>(
  () => import(/* webpackChunkName: "lead-waiting" */ './WaitingBuyers'),
);

export function LeadWizard() {
  const dispatch = useAppDispatch();
  const { order, hideContactStep, hideStepHeader } = useAppSelector(selectLeadWizardOptions);
  const stepTitle = useStepTitle();
  const waiting = useAppSelector(selectWaiting);
  useEffect(() => {
    dispatch(actions.opened({ order, hideContactStep }, Date.now()));
  }, [dispatch, order, hideContactStep]);
  return (
    <WizardShell
      kit={KIT}
      labels={LABELS}
      stepTitle={stepTitle}
      steps={STEPS}
      success={['leadWizard.success', 'leadWizard.successNext']}
      more={waiting && <WaitingBuyers {...waiting} />}
      hideContactStep={hideContactStep}
      hideStepHeader={hideStepHeader}
      selectAssembled={selectLeadPayload}
    />
  );
}

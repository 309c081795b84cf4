/**
 * The lead wizard screen (spec 2.1): reads selectors, dispatches events, holds no rules.
 * The current step is shown; the steps before and after it are kept hidden (React's
 * Activity: rendered when the browser is idle, without effects, out of the layout and the
 * accessibility tree), so that Weiter and Zurück only reveal a step that is ready. Each step
 * selects just what it shows; what the visitor entered lives in the store, so nothing typed
 * is lost when a step goes away.
 */
import { Activity, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { MAP } from '../../ui/constants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LazyContactForm as ContactForm } from '../../parts/contactForm/LazyContactForm';
import { selectConfig } from '../../app/selectors';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { dataKey } from '../../i18n';
import { CategoryPicker } from '../../parts/category/CategoryPicker';
import { FieldInput } from '../../parts/fields/FieldInput';
import { selectFieldsState } from '../../parts/fields/slice';
import type { Address } from '../../parts/location/address';
import { LocationPicker } from '../../parts/location/LocationPicker';
import { mapTilesActions } from '../../parts/mapTiles/slice';
import { useMapTiles } from '../../parts/mapTiles/useMapTiles';
import {
  pointPlaced,
  searchCleared,
  searchTextChanged,
  selectGeocoder,
  suggestionChosen,
} from '../../parts/location/slice';
import { useNarrow } from '../../ui/map/LazyMap';
import type { LatLngZoom } from '../../ui/map/LocationMap';
import {
  Actions,
  Alert,
  PageHeading,
  PageLead,
  PrimaryButton,
  SecondaryButton,
  Section,
  Title,
} from '../../ui/primitives';
import { BackButton } from '../../wizard/BackButton';
import { StepHeader } from '../../wizard/StepHeader';
import type { StepId } from './machine';
import {
  selectCanNext,
  selectCategory,
  selectCurrentStepId,
  selectFieldDefinitions,
  selectIsComplete,
  selectJumpable,
  selectLeadWizard,
  selectLeadWizardOptions,
  selectMissingSteps,
  selectOfferedCategories,
  selectSteps,
  selectSubmitError,
} from './selectors';
import { leadWizardActions as actions } from './slice';
import { AddressStep } from './steps/AddressStep';

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: 1rem;
`;

const STEP_LABELS = {
  category: 'leadWizard.stepCategory',
  address: 'leadWizard.stepAddress',
  details: 'leadWizard.stepDetails',
  contact: 'leadWizard.stepContact',
} as const satisfies Record<StepId, string>;

function useBack() {
  const dispatch = useAppDispatch();
  const step = useAppSelector((state) => selectLeadWizard(state).step);
  return step > 1 ? () => dispatch(actions.backClicked()) : null;
}

function CategoryStep() {
  const dispatch = useAppDispatch();
  const objectType = useAppSelector((state) => selectLeadWizard(state).objectType);
  const marketingType = useAppSelector((state) => selectLeadWizard(state).marketingType);
  const selected = useAppSelector((state) => selectLeadWizard(state).categoryId);
  const categories = useAppSelector(selectOfferedCategories);
  const back = useBack();
  return (
    <>
      <CategoryPicker
        kind="lead"
        objectType={objectType}
        marketingType={marketingType}
        categories={categories}
        selected={selected}
        onObjectType={(value) => dispatch(actions.objectTypeChosen(value))}
        onMarketingType={(value) => dispatch(actions.marketingTypeChosen(value))}
        onCategory={(id) => dispatch(actions.categoryChosen(id))}
      />
      {back && (
        <Actions>
          <BackButton onBack={back} />
        </Actions>
      )}
    </>
  );
}

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
  const mapView = useAppSelector((state) => selectLeadWizard(state).mapView);
  const { order } = useAppSelector(selectLeadWizardOptions);
  const canNext = useAppSelector(selectCanNext);
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
      manualEntry={manualEntry}
      showFieldsWithPin={order === 'address-first'}
      view={view}
      tiles={tiles}
      consentPanel={consentPanel}
      canContinue={canNext}
      onManual={() => dispatch(actions.manualEntryOpened())}
      onField={(field, value) => dispatch(actions.addressFieldEdited({ field, value }))}
      onPlace={onPlace}
      onMove={onMove}
      onTilesFailed={onTilesFailed}
      onNext={() => dispatch(actions.nextClicked())}
      onBack={back}
    />
  );
}

function DetailsStep() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const definitions = useAppSelector(selectFieldDefinitions);
  const inputs = useAppSelector((state) => selectLeadWizard(state).fieldInputs);
  const marketingType = useAppSelector((state) => selectLeadWizard(state).marketingType);
  const language = useAppSelector((state) => selectConfig(state).language);
  const { order, hideContactStep } = useAppSelector(selectLeadWizardOptions);
  const failed = useAppSelector((state) => selectFieldsState(state).status === 'failed');
  const back = useBack();
  return (
    <>
      {failed && (
        <Alert $severity="error" role="alert">
          <p>{t('fields.failed')}</p>
          <SecondaryButton type="button" onClick={() => dispatch(actions.fieldsRetryClicked())}>
            {t('app.retry')}
          </SecondaryButton>
        </Alert>
      )}
      <Fields>
        {definitions.map((definition) => (
          <FieldInput
            key={definition.id}
            definition={definition}
            label={
              definition.id === 'price.price'
                ? t('fields.priceLead')
                : (definition.marketingTypeLabel?.[marketingType] ?? definition.label)
            }
            text={inputs[definition.id] ?? ''}
            language={language}
            onChange={(text) => dispatch(actions.fieldEdited({ id: definition.id, text }))}
          />
        ))}
      </Fields>
      <Actions>
        <BackButton onBack={back} />
        {!hideContactStep && (
          <PrimaryButton type="button" onClick={() => dispatch(actions.nextClicked())}>
            {order === 'address-first' ? t('leadWizard.enterContact') : t('wizard.next')}
          </PrimaryButton>
        )}
      </Actions>
    </>
  );
}

function ContactStep() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const contact = useAppSelector((state) => selectLeadWizard(state).contact);
  const status = useAppSelector((state) => selectLeadWizard(state).status);
  const error = useAppSelector(selectSubmitError);
  const privacyUrl = useAppSelector((state) => selectConfig(state).privacyUrl);
  const back = useBack();
  return (
    <>
      <ContactForm
        fallback={<p>{t('app.loading')}</p>}
        values={contact}
        options={{ message: true, wish: false, newsletter: 'optional' }}
        privacyUrl={privacyUrl}
        submitLabel={t('leadWizard.submit')}
        busy={status === 'loading'}
        error={error}
        onChange={(values) => dispatch(actions.contactEdited(values))}
        onSubmit={(values) => {
          dispatch(actions.contactEdited(values));
          dispatch(actions.submitRequested());
        }}
        onInvalid={() => dispatch(actions.validationFailed())}
        secondaryAction={<BackButton onBack={back} />}
      />
      {status === 'loading' && (
        <span className="visually-hidden" role="status">
          {t('app.loading')}
        </span>
      )}
    </>
  );
}

const STEPS: Record<StepId, () => React.JSX.Element> = {
  category: CategoryStep,
  address: AddressStepView,
  details: DetailsStep,
  contact: ContactStep,
};

function StepTitle({ id, index, total }: { id: StepId; index: number; total: number }) {
  const { t } = useTranslation();
  const category = useAppSelector(selectCategory);
  const titles: Record<StepId, string> = {
    category: t('leadWizard.categoryTitle'),
    address: t('leadWizard.addressTitle'),
    details: t('leadWizard.detailsTitle', {
      category: category ? t(dataKey(`categories.${category.name}`)) : '',
    }),
    contact: t('leadWizard.stepContact'),
  };
  return (
    <>
      {t('wizard.stepOf', { step: index + 1, total })}
      {t('wizard.stepSeparator')}
      {titles[id]}
    </>
  );
}

export function LeadWizard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { order, hideContactStep, hideStepHeader } = useAppSelector(selectLeadWizardOptions);
  const step = useAppSelector((state) => selectLeadWizard(state).step);
  const sent = useAppSelector((state) => selectLeadWizard(state).status === 'sent');
  const steps = useAppSelector(selectSteps);
  const stepId = useAppSelector(selectCurrentStepId);
  const jumpable = useAppSelector(selectJumpable);
  const complete = useAppSelector(selectIsComplete);
  const missing = useAppSelector(selectMissingSteps);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  useDocumentTitle(t('routes.leadWizard'));
  useEffect(() => {
    dispatch(actions.opened({ order, hideContactStep }, Date.now()));
  }, [dispatch, order, hideContactStep]);

  // Keyboard and screen-reader users land on the new step's title.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    (sent ? successRef : headingRef).current?.focus({ preventScroll: true });
  }, [step, sent]);

  if (sent) {
    // spec 2.1: the message replaces the form, and the step header goes.
    return (
      <main>
        <PageHeading>{t('routes.leadWizard')}</PageHeading>
        <Section>
          <Alert role="status" $severity="success" tabIndex={-1} ref={successRef}>
            <p>{t('leadWizard.success')}</p>
            <p>{t('leadWizard.successNext')}</p>
          </Alert>
        </Section>
      </main>
    );
  }

  const index = steps.indexOf(stepId);
  return (
    <main>
      <PageHeading>{t('routes.leadWizard')}</PageHeading>
      <PageLead>{t('leadWizard.heading')}</PageLead>
      {!hideStepHeader && (
        <StepHeader
          steps={steps}
          current={step}
          labelOf={(id) => t(STEP_LABELS[id])}
          canJump={(number) => jumpable[number - 1] ?? false}
          onJump={(number) => dispatch(actions.stepHeaderClicked(number))}
          missing={missing}
        />
      )}
      {steps.map((id, at) => {
        if (Math.abs(at - index) > 1) return null;
        const Step = STEPS[id];
        const current = at === index;
        return (
          <Activity key={id} mode={current ? 'visible' : 'hidden'}>
            <Section aria-labelledby={`lead-step-${id}`}>
              <Title id={`lead-step-${id}`} tabIndex={-1} ref={current ? headingRef : undefined}>
                <StepTitle id={id} index={at} total={steps.length} />
              </Title>
              <Step />
            </Section>
          </Activity>
        );
      })}
      {hideContactStep && (
        // The footer slot (spec 2.1): a save action, enabled once the lead is complete.
        <Section aria-label={t('leadWizard.footer')}>
          <PrimaryButton
            type="button"
            disabled={!complete}
            onClick={() => dispatch(actions.saveClicked())}
          >
            {t('wizard.save')}
          </PrimaryButton>
        </Section>
      )}
    </main>
  );
}

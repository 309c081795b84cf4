/**
 * The lead wizard screen (spec 2.1): reads selectors, dispatches events, holds no rules.
 * Steps are created once reached and then kept (hidden), so nothing typed is lost.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectConfig } from '../../app/selectors';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { Actions, Alert, PrimaryButton, Section, Title } from '../../ui/primitives';
import type { LatLngZoom } from '../../ui/map/LocationMap';
import { useNarrow } from '../../ui/map/LazyMap';
import { MAP } from '../../app/constants';
import { ContactForm } from '../contactForm/ContactForm';
import { FieldInput } from '../fields/FieldInput';
import {
  mapTilesFailed,
  pointPlaced,
  searchCleared,
  searchTextChanged,
  suggestionChosen,
} from '../location/slice';
import { can, type StepId } from './machine';
import {
  selectCategory,
  selectCurrentStepId,
  selectFieldDefinitions,
  selectIsComplete,
  selectLeadWizard,
  selectOfferedCategories,
  selectSteps,
} from './selectors';
import { leadWizardActions as actions } from './slice';
import { StepHeader } from './StepHeader';
import { BackButton } from './steps/BackButton';
import { AddressStep } from './steps/AddressStep';
import { CategoryStep } from './steps/CategoryStep';

const Heading = styled.h1`
  font-size: 1.5rem;
  margin: 1rem 1rem 0.25rem;
`;

const Lead = styled.p`
  margin: 0 1rem 1rem;
  color: ${(p) => p.theme.colors.muted};
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: 1rem;
`;

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const STEP_LABELS: Record<StepId, string> = {
  category: 'leadWizard.stepCategory',
  address: 'leadWizard.stepAddress',
  details: 'leadWizard.stepDetails',
  contact: 'leadWizard.stepContact',
};

export function LeadWizard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectConfig);
  const wizard = useAppSelector(selectLeadWizard);
  const steps = useAppSelector(selectSteps);
  const stepId = useAppSelector(selectCurrentStepId);
  const categories = useAppSelector(selectOfferedCategories);
  const category = useAppSelector(selectCategory);
  const definitions = useAppSelector(selectFieldDefinitions);
  const complete = useAppSelector(selectIsComplete);
  const geocoder = useAppSelector((state) => state.geocoder);
  const narrow = useNarrow();
  const { order, hideContactStep, hideStepHeader } = config.options.leadWizard;
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
    (wizard.status === 'sent' ? successRef : headingRef).current?.focus();
  }, [wizard.step, wizard.status]);

  const onPlace = useCallback(
    (point: { lat: number; lng: number }) => dispatch(pointPlaced(point)),
    [dispatch],
  );
  const onMove = useCallback((view: LatLngZoom) => dispatch(actions.mapMoved(view)), [dispatch]);
  const onTilesFailed = useCallback((url: string) => dispatch(mapTilesFailed({ url })), [dispatch]);

  const categoryName = category ? t(`categories.${category.name}`) : '';
  const titles: Record<StepId, string> = {
    category: t('leadWizard.categoryTitle'),
    address: t('leadWizard.addressTitle'),
    details: t('leadWizard.detailsTitle', { category: categoryName }),
    contact: t('leadWizard.stepContact'),
  };
  const view: LatLngZoom = wizard.mapView ?? {
    ...config.mapCenter,
    zoom: narrow ? MAP.narrowZoom : config.mapZoom,
  };
  const back = wizard.step > 1 ? () => dispatch(actions.backClicked()) : null;
  const canNext = can(wizard, { type: 'NEXT' });

  function content(id: StepId) {
    switch (id) {
      case 'category':
        return (
          <>
            <CategoryStep
              objectType={wizard.objectType}
              marketingType={wizard.marketingType}
              categories={categories}
              selected={wizard.categoryId}
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
      case 'address':
        return (
          <AddressStep
            picker={{
              text: geocoder.text,
              status: geocoder.status,
              suggestions: geocoder.suggestions,
              onText: (text) => dispatch(searchTextChanged(text)),
              onChoose: (address, line) => dispatch(suggestionChosen({ address, line })),
              onClear: () => dispatch(searchCleared()),
            }}
            location={wizard.location}
            manualEntry={wizard.manualEntry}
            showFieldsWithPin={order === 'address-first'}
            view={view}
            tiles={
              config.tiles ?? { url: DEFAULT_TILE_URL, attribution: t('location.osmAttribution') }
            }
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
      case 'details':
        return (
          <>
            <Fields>
              {definitions.map((definition) => (
                <FieldInput
                  key={definition.id}
                  definition={definition}
                  label={
                    definition.id === 'price.price'
                      ? t('fields.priceLead')
                      : (definition.marketingTypeLabel?.[wizard.marketingType] ?? definition.label)
                  }
                  text={wizard.fieldInputs[definition.id] ?? ''}
                  language={config.language}
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
      case 'contact':
        return (
          <>
            <ContactForm
              values={wizard.contact}
              options={{ message: true, wish: false, newsletter: 'optional' }}
              privacyUrl={config.privacyUrl}
              submitLabel={t('leadWizard.submit')}
              busy={wizard.status === 'loading'}
              error={wizard.error}
              onChange={(values) => dispatch(actions.contactEdited(values))}
              onSubmit={(values) => {
                dispatch(actions.contactEdited(values));
                dispatch(actions.submitRequested());
              }}
              onInvalid={() => dispatch(actions.validationFailed())}
              secondaryAction={<BackButton onBack={back} />}
            />
          </>
        );
    }
  }

  if (wizard.status === 'sent') {
    // spec 2.1: the message replaces the form, and the step header goes.
    return (
      <main>
        <Heading>{t('routes.leadWizard')}</Heading>
        <Section>
          <Alert role="status" $severity="success" tabIndex={-1} ref={successRef}>
            {t('leadWizard.success')}
          </Alert>
        </Section>
      </main>
    );
  }

  return (
    <main>
      <Heading>{t('routes.leadWizard')}</Heading>
      <Lead>{t('leadWizard.heading')}</Lead>
      {!hideStepHeader && (
        <StepHeader
          steps={steps}
          current={wizard.step}
          labelOf={(id) => t(STEP_LABELS[id])}
          canJump={(step) => can(wizard, { type: 'JUMP', step })}
          onJump={(step) => dispatch(actions.stepHeaderClicked(step))}
        />
      )}
      {steps.map((id, index) =>
        index + 1 <= wizard.maxStep ? (
          <Section key={id} hidden={index + 1 !== wizard.step} aria-labelledby={`lead-step-${id}`}>
            <Title
              id={`lead-step-${id}`}
              tabIndex={-1}
              ref={index + 1 === wizard.step ? headingRef : undefined}
            >
              {t('wizard.stepOf', { step: index + 1, total: steps.length })}
              {t('wizard.stepSeparator')}
              {titles[id]}
            </Title>
            {content(id)}
          </Section>
        ) : null,
      )}
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
      {stepId === 'contact' && wizard.status === 'loading' && (
        <span className="visually-hidden" role="status">
          {t('app.loading')}
        </span>
      )}
    </main>
  );
}

/**
 * The saved-search wizard screen (spec 2.3): reads selectors, dispatches events, holds no
 * rules. Only the current step is rendered; what the visitor chose lives in the store.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SEARCH_RANGE_FIELDS } from '../../../contract/catalog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectConfig } from '../../app/selectors';
import { HoldShell } from '../../app/shell';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { dataKey } from '../../i18n';
import { CategoryPicker } from '../../parts/category/CategoryPicker';
import { LazyContactForm as ContactForm } from '../../parts/contactForm/LazyContactForm';
import { isNumeric, type FieldDefinition } from '../../parts/fields/definitions';
import { FieldInput } from '../../parts/fields/FieldInput';
import { parseNumber } from '../../parts/fields/parse';
import { rangeKey } from '../../parts/fields/records';
import { selectFieldsState } from '../../parts/fields/slice';
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
  selectMissingSteps,
  selectOfferedCategories,
  selectRegionIds,
  selectRegionTree,
  selectSavedSearchOptions,
  selectSavedSearchPayload,
  selectSavedSearchWizard,
  selectSteps,
  selectSubmitError,
} from './selectors';
import { savedSearchWizardActions as actions, type SavedSearch } from './slice';

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: 1rem;
`;

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

const STEP_LABELS = {
  regions: 'savedSearchWizard.stepRegions',
  category: 'savedSearchWizard.stepCategories',
  details: 'savedSearchWizard.stepDetails',
  contact: 'savedSearchWizard.stepContact',
} as const satisfies Record<StepId, string>;

function useBack() {
  const dispatch = useAppDispatch();
  const step = useAppSelector((state) => selectSavedSearchWizard(state).step);
  return step > 1 ? () => dispatch(actions.backClicked()) : null;
}

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

function CategoryStep() {
  const dispatch = useAppDispatch();
  const objectType = useAppSelector((state) => selectSavedSearchWizard(state).objectType);
  const marketingType = useAppSelector((state) => selectSavedSearchWizard(state).marketingType);
  const selected = useAppSelector((state) => selectSavedSearchWizard(state).categoryId);
  const categories = useAppSelector(selectOfferedCategories);
  const back = useBack();
  return (
    <>
      <CategoryPicker
        kind="search"
        objectType={objectType}
        marketingType={marketingType}
        categories={categories}
        selected={selected}
        onObjectType={(value) => dispatch(actions.objectTypeChosen(value))}
        onMarketingType={(value) => dispatch(actions.marketingTypeChosen(value))}
        onCategory={(id) => dispatch(actions.categoryChosen(id))}
      />
      <Actions>
        <BackButton onBack={back} />
      </Actions>
    </>
  );
}

/** A price or year built as 'von'/'bis' (spec 3), with a note when the two are the wrong way round. */
function RangeInput({ definition, label }: { definition: FieldDefinition; label: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const inputs = useAppSelector((state) => selectSavedSearchWizard(state).fieldInputs);
  const language = useAppSelector((state) => selectConfig(state).language);
  const [min, max] = (['min', 'max'] as const).map(
    (end) => inputs[rangeKey(definition.id, end)] ?? '',
  );
  const type = definition.type as 'number';
  const low = min!.trim() ? parseNumber(min!, type) : null;
  const high = max!.trim() ? parseNumber(max!, type) : null;
  const swapped = low !== null && high !== null && low > high;
  return (
    <Range>
      <legend>{label}</legend>
      {(['min', 'max'] as const).map((end) => (
        <FieldInput
          key={end}
          definition={definition}
          label={t(end === 'min' ? 'savedSearchWizard.rangeMin' : 'savedSearchWizard.rangeMax', {
            label,
          })}
          text={inputs[rangeKey(definition.id, end)] ?? ''}
          language={language}
          onChange={(text) =>
            dispatch(actions.fieldEdited({ id: rangeKey(definition.id, end), text }))
          }
        />
      ))}
      {swapped && <FieldError role="status">{t('savedSearchWizard.rangeSwapped')}</FieldError>}
    </Range>
  );
}

function DetailsStep() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const definitions = useAppSelector(selectFieldDefinitions);
  const inputs = useAppSelector((state) => selectSavedSearchWizard(state).fieldInputs);
  const marketingType = useAppSelector((state) => selectSavedSearchWizard(state).marketingType);
  const hideContactStep = useAppSelector((state) => selectSavedSearchWizard(state).hideContactStep);
  const language = useAppSelector((state) => selectConfig(state).language);
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
        {definitions.map((definition) => {
          const label = definition.marketingTypeLabel?.[marketingType] ?? definition.label;
          if (isNumeric(definition.type) && SEARCH_RANGE_FIELDS.includes(definition.id))
            return <RangeInput key={definition.id} definition={definition} label={label} />;
          return (
            <FieldInput
              key={definition.id}
              definition={definition}
              label={isNumeric(definition.type) ? t('savedSearchWizard.minimum', { label }) : label}
              text={inputs[definition.id] ?? ''}
              language={language}
              onChange={(text) => dispatch(actions.fieldEdited({ id: definition.id, text }))}
            />
          );
        })}
      </Fields>
      <Actions>
        <BackButton onBack={back} />
        {!hideContactStep && (
          <PrimaryButton type="button" onClick={() => dispatch(actions.nextClicked())}>
            {t('wizard.next')}
          </PrimaryButton>
        )}
      </Actions>
    </>
  );
}

function ContactStep() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const contact = useAppSelector((state) => selectSavedSearchWizard(state).contact);
  const status = useAppSelector((state) => selectSavedSearchWizard(state).status);
  const editing = useAppSelector((state) => selectSavedSearchWizard(state).uuid !== null);
  const error = useAppSelector(selectSubmitError);
  const privacyUrl = useAppSelector((state) => selectConfig(state).privacyUrl);
  const back = useBack();
  return (
    <>
      <ContactForm
        fallback={<p>{t('app.loading')}</p>}
        values={contact}
        options={{ message: false, wish: false, newsletter: 'optional' }}
        privacyUrl={privacyUrl}
        submitLabel={t(editing ? 'savedSearchWizard.saveChanges' : 'savedSearchWizard.create')}
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
  regions: RegionsStep,
  category: CategoryStep,
  details: DetailsStep,
  contact: ContactStep,
};

function StepTitle({ id, index, total }: { id: StepId; index: number; total: number }) {
  const { t } = useTranslation();
  const category = useAppSelector(selectCategory);
  return (
    <>
      {t('wizard.stepOf', { step: index + 1, total })}
      {t('wizard.stepSeparator')}
      {t(STEP_LABELS[id])}
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
   * The footer in place of the contact step (spec 2.1 footer slot, the portal's dialogs):
   * given whether the profile may be saved and the saved search as it would be sent.
   */
  footer?: (slot: {
    isComplete: boolean;
    savedSearch: ReturnType<typeof selectSavedSearchPayload>;
  }) => ReactNode;
}

export function SavedSearchWizard({ profile = null, footer }: SavedSearchWizardProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const options = useAppSelector(selectSavedSearchOptions);
  // A footer of the embedder means a dialog: no contact step and no step header.
  const hideContactStep = options.hideContactStep || footer !== undefined;
  const hideStepHeader = options.hideStepHeader || footer !== undefined;
  const step = useAppSelector((state) => selectSavedSearchWizard(state).step);
  const sent = useAppSelector((state) => selectSavedSearchWizard(state).status === 'sent');
  const editing = useAppSelector((state) => selectSavedSearchWizard(state).uuid !== null);
  const steps = useAppSelector(selectSteps);
  const stepId = useAppSelector(selectCurrentStepId);
  const jumpable = useAppSelector(selectJumpable);
  const complete = useAppSelector(selectIsComplete);
  const missing = useAppSelector(selectMissingSteps);
  const savedSearch = useAppSelector(selectSavedSearchPayload);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  useDocumentTitle(footer ? null : t('routes.savedSearchWizard'));
  useEffect(() => {
    dispatch(
      actions.opened({ hideContactStep, preselected: options.regions, profile }, Date.now()),
    );
  }, [dispatch, hideContactStep, options.regions, profile]);

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
    return (
      <main>
        <PageHeading>{t('routes.savedSearchWizard')}</PageHeading>
        <Section>
          <Alert role="status" $severity="success" tabIndex={-1} ref={successRef}>
            {editing ? (
              <p>{t('savedSearchWizard.savedChanges')}</p>
            ) : (
              <>
                <p>{t('savedSearchWizard.success')}</p>
                <p>{t('savedSearchWizard.successNext')}</p>
              </>
            )}
          </Alert>
        </Section>
      </main>
    );
  }

  const Step = STEPS[stepId];
  const index = steps.indexOf(stepId);
  const body = (
    <>
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
      <Section key={stepId} aria-labelledby={`search-step-${stepId}`}>
        <Title id={`search-step-${stepId}`} tabIndex={-1} ref={headingRef}>
          <StepTitle id={stepId} index={index} total={steps.length} />
        </Title>
        <Step />
      </Section>
      {hideContactStep && (
        // The footer slot (spec 2.1): a save action, enabled once regions and a category are set.
        <Section aria-label={t('savedSearchWizard.footer')}>
          {footer ? (
            footer({ isComplete: complete, savedSearch })
          ) : (
            <PrimaryButton
              type="button"
              disabled={!complete}
              onClick={() => dispatch(actions.saveClicked())}
            >
              {t('wizard.save')}
            </PrimaryButton>
          )}
        </Section>
      )}
    </>
  );
  if (footer) return body;
  return (
    <main>
      <PageHeading>{t('routes.savedSearchWizard')}</PageHeading>
      <PageLead>{t('savedSearchWizard.heading')}</PageLead>
      {body}
    </main>
  );
}

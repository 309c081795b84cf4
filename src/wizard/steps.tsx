/**
 * The steps every wizard shares, bound to the wizard around them (useWizard): the category,
 * the details (the category's fields), and the contact form that sends. Each selects just
 * what it shows.
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectConfig } from '../app/selectors';
import { CategoryPicker } from '../parts/category/CategoryPicker';
import { LazyContactForm as ContactForm } from '../parts/contactForm/LazyContactForm';
import type { FieldDefinition } from '../parts/fields/definitions';
import { FieldInput } from '../parts/fields/FieldInput';
import { selectFieldsState } from '../parts/fields/slice';
import { Actions, Alert, PrimaryButton, SecondaryButton } from '../ui/primitives';
import { BackButton } from './BackButton';
import { useWizard } from './WizardShell';

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: 1rem;
`;

/** 'Zurück' for the step shown, or null on the first. */
export function useBack() {
  const dispatch = useAppDispatch();
  const { actions, selectors } = useWizard();
  const step = useAppSelector((state) => selectors.select(state).step);
  return step > 1 ? () => dispatch(actions.backClicked()) : null;
}

export function CategoryStep() {
  const dispatch = useAppDispatch();
  const { actions, selectors, kind } = useWizard();
  const objectType = useAppSelector((state) => selectors.select(state).objectType);
  const marketingType = useAppSelector((state) => selectors.select(state).marketingType);
  const selected = useAppSelector((state) => selectors.select(state).categoryId);
  const categories = useAppSelector(selectors.selectOfferedCategories);
  const back = useBack();
  return (
    <>
      <CategoryPicker
        kind={kind}
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

/** One field of the details step, as the visitor typed it; `id` names the value it edits. */
export function WizardField({
  definition,
  label,
  id = definition.id,
}: {
  definition: FieldDefinition;
  label: string;
  id?: string;
}) {
  const dispatch = useAppDispatch();
  const { actions, selectors } = useWizard();
  const text = useAppSelector((state) => selectors.select(state).fieldInputs[id] ?? '');
  const language = useAppSelector((state) => selectConfig(state).language);
  return (
    <FieldInput
      definition={definition}
      label={label}
      text={text}
      language={language}
      onChange={(value) => dispatch(actions.fieldEdited({ id, text: value }))}
    />
  );
}

/**
 * The category's fields (each by the wizard's own `Field`, given its label for the marketing
 * type), 'Erneut versuchen' when their definitions failed to load, and the way on.
 */
export function DetailsStep({
  Field,
  nextLabel,
}: {
  Field: ComponentType<{ definition: FieldDefinition; label: string }>;
  nextLabel: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { actions, selectors } = useWizard();
  const definitions = useAppSelector(selectors.selectFieldDefinitions);
  const marketingType = useAppSelector((state) => selectors.select(state).marketingType);
  const hideContactStep = useAppSelector((state) => selectors.select(state).hideContactStep);
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
          <Field
            key={definition.id}
            definition={definition}
            label={definition.marketingTypeLabel?.[marketingType] ?? definition.label}
          />
        ))}
      </Fields>
      <Actions>
        <BackButton onBack={back} />
        {!hideContactStep && (
          <PrimaryButton type="button" onClick={() => dispatch(actions.nextClicked())}>
            {nextLabel}
          </PrimaryButton>
        )}
      </Actions>
    </>
  );
}

/** The contact form that sends the wizard (its message box if the wizard sends one). */
export function ContactStep({ message, submitLabel }: { message: boolean; submitLabel: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { actions, selectors } = useWizard();
  const contact = useAppSelector((state) => selectors.select(state).contact);
  const status = useAppSelector((state) => selectors.select(state).status);
  const error = useAppSelector(selectors.selectSubmitError);
  const privacyUrl = useAppSelector((state) => selectConfig(state).privacyUrl);
  const back = useBack();
  return (
    <>
      <ContactForm
        fallback={<p>{t('app.loading')}</p>}
        values={contact}
        options={{ message, wish: false, newsletter: 'optional' }}
        privacyUrl={privacyUrl}
        submitLabel={submitLabel}
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

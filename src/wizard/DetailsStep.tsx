/**
 * The details step every wizard shares: its code (and the fields' inputs) loads apart from the
 * wizard's first screen (each wizard's details module, by lazyStep).
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectConfig } from '../app/selectors';
import type { FieldInputProps } from '../parts/fields/FieldInput';
import { selectFieldsState } from '../parts/fields/slice';
import { Actions, Alert, PrimaryButton, SecondaryButton } from '../ui/primitives';
import { BackButton } from './BackButton';
import { useBack } from './steps';
import { useWizard } from './WizardShell';

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: 1rem;
`;

/**
 * The category's fields (each by the wizard's own `Field`, if any, given its label for the
 * marketing type), 'Erneut versuchen' when their definitions failed to load, and the way on.
 */
export function DetailsStep({ Field }: { Field: ComponentType<FieldInputProps> }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { actions, selectors, nextLabel } = useWizard();
  const next = useAppSelector(nextLabel);
  const definitions = useAppSelector(selectors.selectFieldDefinitions);
  const inputs = useAppSelector((state) => selectors.select(state).fieldInputs);
  const marketingType = useAppSelector((state) => selectors.select(state).marketingType);
  const language = useAppSelector((state) => selectConfig(state).language);
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
            {t(next)}
          </PrimaryButton>
        )}
      </Actions>
    </>
  );
}

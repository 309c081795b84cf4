/** The saved-search wizard's details step (its code loads with the step before it). */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SEARCH_RANGE_FIELDS } from '../../../contract/catalog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { isNumeric } from '../../parts/fields/definitions';
import { FieldInput, type FieldInputProps } from '../../parts/fields/FieldInput';
import { parseNumber } from '../../parts/fields/parse';
import { rangeKey } from '../../parts/fields/records';
import { FieldError } from '../../ui/primitives';
import { DetailsStep } from '../../wizard/DetailsStep';
import { savedSearchWizardActions as actions, selectSavedSearchWizard } from './slice';

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

/** A price or year built as 'von'/'bis' (product 3.15), with a note when the two are the wrong way round. */
function RangeInput({ definition, label, language }: FieldInputProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const inputs = useAppSelector((state) => selectSavedSearchWizard(state).fieldInputs);
  const [low, high] = (['min', 'max'] as const).map((end) => {
    const text = inputs[rangeKey(definition.id, end)]?.trim();
    return text ? parseNumber(text, definition.type as 'number') : null;
  });
  const swapped = low != null && high != null && low > high;
  return (
    <Range>
      <legend>{label}</legend>
      {(['min', 'max'] as const).map((end) => {
        const id = rangeKey(definition.id, end);
        return (
          <FieldInput
            key={end}
            definition={definition}
            label={t(end === 'min' ? 'savedSearchWizard.rangeMin' : 'savedSearchWizard.rangeMax', {
              label,
            })}
            text={inputs[id] ?? ''}
            language={language}
            onChange={(text) => dispatch(actions.fieldEdited({ id, text }))}
          />
        );
      })}
      {swapped && <FieldError role="status">{t('savedSearchWizard.rangeSwapped')}</FieldError>}
    </Range>
  );
}

function SearchField(props: FieldInputProps) {
  const { t } = useTranslation();
  const { definition, label } = props;
  if (!isNumeric(definition.type)) return <FieldInput {...props} />;
  if (SEARCH_RANGE_FIELDS.includes(definition.id)) return <RangeInput {...props} />;
  return <FieldInput {...props} label={t('savedSearchWizard.minimum', { label })} />;
}

export default function SearchDetailsStep() {
  return <DetailsStep Field={SearchField} />;
}

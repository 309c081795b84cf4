/** The lead wizard's details step (its code loads with the step before it). */
import { useTranslation } from 'react-i18next';
import { FieldInput, type FieldInputProps } from '../../../parts/fields/FieldInput';
import { DetailsStep } from '../../../wizard/DetailsStep';

/** Product 2.8.2: the lead asks for the price the owner has in mind. */
function LeadField(props: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <FieldInput
      {...props}
      label={props.definition.id === 'price.price' ? t('fields.priceLead') : props.label}
    />
  );
}

export default function LeadDetailsStep() {
  return <DetailsStep Field={LeadField} />;
}

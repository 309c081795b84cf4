/** The schema a stored lead wizard draft must pass (loaded only when there is one). */
import * as yup from 'yup';
import { MARKETING_TYPES, OBJECT_TYPES } from '../../../contract/catalog';
import { contactDraftSchema } from '../../parts/contactForm/schema';
import { addressSchema, mapViewSchema } from '../../parts/location/schema';
import { draftStepFields, stringRecord } from '../../wizard/draft';
import { STEP_ORDERS } from './machine';

export const leadDraftSchema = yup.object({
  ...draftStepFields,
  order: yup
    .string()
    .oneOf(Object.keys(STEP_ORDERS) as (keyof typeof STEP_ORDERS)[])
    .required(),
  hideContactStep: yup.boolean().required(),
  categoryId: yup.number().integer().nullable().defined(),
  objectType: yup.string().oneOf(OBJECT_TYPES).required(),
  marketingType: yup.string().oneOf(MARKETING_TYPES).required(),
  location: addressSchema.nullable().defined().default(null),
  // Drafts from before the typed parts were kept read as nothing typed.
  typed: yup
    .array(
      yup
        .string()
        .oneOf(['street', 'number', 'zip', 'city'] as const)
        .required(),
    )
    .default([]),
  manualEntry: yup.boolean().required(),
  mapView: mapViewSchema.nullable().defined().default(null),
  fieldInputs: stringRecord(200),
  contact: contactDraftSchema.required(),
});

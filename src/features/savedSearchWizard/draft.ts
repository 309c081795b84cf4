/** The schema a stored saved-search draft must pass (loaded only when there is one). */
import * as yup from 'yup';
import { MARKETING_TYPES, OBJECT_TYPES } from '../../../contract/catalog';
import { contactDraftSchema } from '../../parts/contactForm/schema';
import { draftStepFields, stringRecord } from '../../wizard/draft';

const ids = () => yup.array(yup.number().integer().positive().required()).max(5000);

export const savedSearchDraftSchema = yup.object({
  ...draftStepFields,
  hideContactStep: yup.boolean().required(),
  preselected: ids().nullable().defined(),
  regionIds: ids().nullable().defined(),
  categoryId: yup.number().integer().nullable().defined(),
  objectType: yup.string().oneOf(OBJECT_TYPES).required(),
  marketingType: yup.string().oneOf(MARKETING_TYPES).required(),
  fieldInputs: stringRecord(200),
  contact: contactDraftSchema.required(),
  uuid: yup.string().max(36).nullable().defined(),
  active: yup.boolean().nullable().defined(),
});

/** The schema a stored contact page draft must pass (loaded only when there is one). */
import * as yup from 'yup';
import { draftStepFields } from '../../wizard/draft';
import { contactDraftSchema } from '../contactForm/schema';

const { status, submissionKey, startedAt } = draftStepFields;

export const contactPageDraftSchema = yup.object({
  scope: yup.string().max(100).defined(),
  status,
  submissionKey,
  startedAt,
  contact: contactDraftSchema.required(),
});

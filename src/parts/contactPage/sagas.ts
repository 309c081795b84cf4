/**
 * A contact page's effects: those of every sending form (wizard/formSaga.ts): its draft across
 * a reload, the submission, tracking after success, the host page scrolled to the message.
 */
import type { RootState } from '../../app/store';
import { formSaga, type FormOptions } from '../../wizard/formSaga';
import type { ContactPageDraft, ContactPageSlice, ContactPageState } from './slice';

export interface ContactPageOptions {
  slice: ContactPageSlice;
  select(state: RootState): ContactPageState;
  /** Session storage key of the page's draft. */
  draftKey: string;
  /** The default path, used when the config names no submit URL. */
  path: FormOptions<ContactPageState, ContactPageDraft>['path'];
  /** What the page sends besides the honeypot meta. */
  body: FormOptions<ContactPageState, ContactPageDraft>['body'];
  /** The tracking event sent after success (product 4.3), or null when the page has none. */
  tracking: FormOptions<ContactPageState, ContactPageDraft>['tracking'];
  /** Effects of its own with the backend's answer to a send that succeeded. */
  succeeded?: FormOptions<ContactPageState, ContactPageDraft>['succeeded'];
}

export const contactPageSaga = ({ slice, select, draftKey, ...options }: ContactPageOptions) =>
  formSaga<ContactPageState, ContactPageDraft>({
    ...options,
    name: slice.name,
    actions: slice.actions,
    select,
    draft: {
      key: draftKey,
      select: (state) => {
        const { error: _error, ...rest } = select(state);
        return rest;
      },
      schema: () =>
        import(/* webpackChunkName: "contact-page-draft" */ './draft').then(
          (m) => m.contactPageDraftSchema,
        ),
    },
  });

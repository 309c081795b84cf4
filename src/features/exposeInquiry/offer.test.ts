/**
 * The inquiry's offer of a saved search as a table, through its slice's reducer: shown only
 * for a proposal, sent only with both consents (without them it asks for them and stays), a
 * failure sent again or declined, cleared by a new inquiry.
 */
import { offerSlice, type OfferState, type OfferStatus, type SearchProposal } from './offer';
import { exposeInquirySlice } from './slice';

const PROPOSAL: SearchProposal = {
  objectType: 'LIVING',
  categoryId: 30225,
  marketingType: 'buy',
  locations: [{ locationId: 101, name: 'Mitte' }],
  fields: [],
};

const { reducer, actions } = offerSlice;
const start = reducer(undefined, { type: 'init' });
const at = (status: OfferStatus, consented: boolean): OfferState => ({
  ...start,
  status,
  proposal: status === 'none' ? null : PROPOSAL,
  submissionKey: status === 'none' ? '' : 'k'.repeat(30),
  consents: { dataPrivacy: consented, acceptContact: consented },
});

const EVENTS = {
  PROPOSED: () => actions.proposed(PROPOSAL, 0),
  SEND: () => actions.sendRequested(),
  SUCCEEDED: () => actions.sendSucceeded(),
  FAILED: () => actions.sendFailed({ offline: false }),
  DECLINED: () => actions.declined(),
  CLEARED: () => exposeInquirySlice.actions.opened({ scope: '2', message: '' }, 0),
};
const STATUSES: OfferStatus[] = ['none', 'offered', 'sending', 'sent', 'failed', 'declined'];

describe('the offer as a table', () => {
  it('moves only as its rows say, with both consents ticked', () => {
    const table = Object.fromEntries(
      STATUSES.map((status) => [
        status,
        Object.fromEntries(
          Object.entries(EVENTS).map(([name, event]) => [
            name,
            reducer(at(status, true), event()).status,
          ]),
        ),
      ]),
    );
    expect(table).toEqual({
      none: {
        PROPOSED: 'offered',
        SEND: 'none',
        SUCCEEDED: 'none',
        FAILED: 'none',
        DECLINED: 'none',
        CLEARED: 'none',
      },
      offered: {
        PROPOSED: 'offered',
        SEND: 'sending',
        SUCCEEDED: 'offered',
        FAILED: 'offered',
        DECLINED: 'declined',
        CLEARED: 'none',
      },
      sending: {
        PROPOSED: 'sending',
        SEND: 'sending',
        SUCCEEDED: 'sent',
        FAILED: 'failed',
        DECLINED: 'sending',
        CLEARED: 'none',
      },
      sent: {
        PROPOSED: 'sent',
        SEND: 'sent',
        SUCCEEDED: 'sent',
        FAILED: 'sent',
        DECLINED: 'sent',
        CLEARED: 'none',
      },
      failed: {
        PROPOSED: 'failed',
        SEND: 'sending',
        SUCCEEDED: 'failed',
        FAILED: 'failed',
        DECLINED: 'declined',
        CLEARED: 'none',
      },
      declined: {
        PROPOSED: 'declined',
        SEND: 'declined',
        SUCCEEDED: 'declined',
        FAILED: 'declined',
        DECLINED: 'declined',
        CLEARED: 'none',
      },
    });
  });

  it('asks for the consents instead of sending without both, and stops asking once both are ticked', () => {
    const one = reducer(
      at('offered', false),
      actions.consentChanged({ name: 'dataPrivacy', checked: true }),
    );
    const asked = reducer(one, actions.sendRequested());
    expect(asked).toMatchObject({ status: 'offered', consentMissing: true });
    const both = reducer(asked, actions.consentChanged({ name: 'acceptContact', checked: true }));
    expect(both.consentMissing).toBe(false);
    expect(reducer(both, actions.sendRequested()).status).toBe('sending');
  });

  it('shows no offer for an answer without a proposal, and keeps its key across a failure', () => {
    expect(reducer(start, actions.proposed(null, 0)).status).toBe('none');
    const offered = reducer(start, actions.proposed(PROPOSAL, 0));
    const failed = reducer(
      reducer(at('sending', true), actions.sendFailed({ offline: true })),
      actions.sendRequested(),
    );
    expect(offered.submissionKey).toMatch(/^[\w-]{30}$/);
    expect(failed).toMatchObject({ status: 'sending', submissionKey: 'k'.repeat(30), error: null });
    // A failure says what failed: no connection, or anything else.
    expect(reducer(at('sending', true), actions.sendFailed({ offline: true })).error).toBe(
      'errors.submitOffline',
    );
    expect(reducer(at('sending', true), actions.sendFailed({})).error).toBe('errors.generic');
  });
});

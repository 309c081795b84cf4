/**
 * Store events the host page hears of (the jitsi "external API" pattern): no feature knows
 * about the frame channel; this table turns their events into tracking messages.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { leadWizardActions } from '../features/leadWizard/slice';
import type { TrackingPayload } from './protocol';

export const TRACKED: Record<string, (action: UnknownAction) => TrackingPayload> = {
  [leadWizardActions.submitSucceeded.type]: () => ({ event: 'LeadWizard' }),
};

import { createAction } from '@reduxjs/toolkit';
import type { FrameViewport, TrackingPayload, WidgetPayloads } from './protocol';

/** A feature finished something the agency tracks (product 4.3: sent after success). */
export const trackingEventOccurred = createAction<TrackingPayload>('host/trackingEventOccurred');
/** The host page says which part of the frame the visitor sees (dialogs open there). */
export const frameViewportReported = createAction<FrameViewport>('host/frameViewportReported');
/** A message shown below the form is out of the visitor's sight: the host page brings it in. */
export const messagesOutOfView = createAction<{ bottom: number }>('host/messagesOutOfView');
/** A wizard changed step: the host page scrolls the frame's top into view. */
export const scrollToTopRequested = createAction('host/scrollToTopRequested');
/** A wizard shows a step (its first, or another): the host page hears its id. */
export const stepShown = createAction<string>('host/stepShown');
/** A wizard without a contact step hands what it assembled (a lead or a saved search) to the host page. */
export const wizardHandedToHost = createAction<WidgetPayloads['save']>('host/wizardHandedToHost');

/** The offer's view and the check of its proposal, loaded with the inquiry's answer. */
import { retryableLazy } from '../../ui/LazyPart';

export const loadOffer = () => import(/* webpackChunkName: "inquiry-offer" */ './SearchOffer');

export const LazySearchOffer = retryableLazy<object>(() =>
  loadOffer().then((m) => ({ default: m.SearchOffer })),
);

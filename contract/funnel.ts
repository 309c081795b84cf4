/**
 * The wizards' drop-off funnel (docs/agency.md#the-funnel): every word a step beacon may carry. The
 * embed script beacons only these, the server stores only these, so no text a visitor typed
 * can reach the counts. Imports nothing: the dependency-free embed script reads it too.
 *
 * A wizard is named by its widget route. Its stages: 'started' (the wizard is shown on a
 * page), each step it shows (by the step's id), then 'sent' and 'confirmed', which the server
 * counts from the submissions themselves.
 */
export const FUNNEL_WIZARDS = {
  'lead-wizard': ['category', 'address', 'details', 'contact'],
  'saved-search-wizard': ['regions', 'category', 'details', 'contact'],
  'expose-inquiry-wizard': [],
  'contact-form-wizard': [],
  'newsletter-wizard': [],
} as const satisfies Record<string, readonly string[]>;

/**
 * Steps a page may show in either order (the lead wizard asks for the category or the
 * address first, as its page is configured): the report shows the one more visitors reached
 * first. Every other step keeps its place in the wizard.
 */
export const FUNNEL_EITHER_ORDER: Partial<
  Record<keyof typeof FUNNEL_WIZARDS, readonly [string, string]>
> = { 'lead-wizard': ['category', 'address'] };

export type FunnelWizard = keyof typeof FUNNEL_WIZARDS;
export const FUNNEL_WIZARD_IDS = Object.keys(FUNNEL_WIZARDS) as FunnelWizard[];

/** What a page's beacon may say: a wizard was shown, or reached one of its steps. */
export type BeaconStage = 'started' | (typeof FUNNEL_WIZARDS)[FunnelWizard][number];
/** Every stage the counts keep. */
export type FunnelStage = BeaconStage | 'sent' | 'confirmed';

/** The staff's report over a period (GET /agency/api/funnel): every wizard, stages in order. */
export interface FunnelReport {
  from: string;
  to: string;
  wizards: { wizard: FunnelWizard; stages: { stage: FunnelStage; count: number }[] }[];
}

export interface FunnelBeacon {
  wizard: FunnelWizard;
  stage: BeaconStage;
}

const isWizard = (value: unknown): value is FunnelWizard =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(FUNNEL_WIZARDS, value);

/** The beacon of a wizard's stage, or null when either is not in the vocabulary above. */
export function funnelBeacon(wizard: unknown, stage: unknown): FunnelBeacon | null {
  if (!isWizard(wizard)) return null;
  const steps: readonly string[] = FUNNEL_WIZARDS[wizard];
  if (stage !== 'started' && !(typeof stage === 'string' && steps.includes(stage))) return null;
  return { wizard, stage: stage as BeaconStage };
}

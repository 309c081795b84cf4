/**
 * Every wizard's screen around its steps (product 2.1, 2.3): heading, step header, the steps,
 * the footer slot, focus, and the success message in place of the form. It reads selectors,
 * dispatches events and holds no rules. One step policy: the current step shows; the steps
 * before and after it are kept hidden (React's Activity: rendered when the browser is idle,
 * without effects, out of the layout and the accessibility tree), so that Weiter and Zurück
 * only reveal a step that is ready. What the visitor entered lives in the store, so nothing
 * typed is lost when a step goes away.
 */
import {
  Activity,
  createContext,
  useContext,
  useEffect,
  useRef,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Category, WizardKind } from '../../contract/catalog';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import type { RootState } from '../app/store';
import { useDocumentTitle } from '../app/useDocumentTitle';
import type { MessageKey } from '../i18n';
import {
  Alert,
  PAGE_HEADING_ID,
  PageHeading,
  PageLead,
  PrimaryButton,
  Section,
  Title,
} from '../ui/primitives';
import { moveFocus } from '../ui/focus';
import { OutOfSight } from '../ui/LazyPart';
import type { WizardSelectors } from './selectors';
import type { WizardEvents } from './slice';
import { StepHeader } from './StepHeader';

/** The texts a wizard has under its name: its title, lead, footer and missing-steps message. */
type Texts<N extends string> = `routes.${N}` | `${N}.heading` | `${N}.footer` | `${N}.missingSteps`;

/** One wizard as its kit's parts see it: its events, selectors, categories and settings. */
export interface WizardKit<N extends string = string> {
  /** Its slice's name, under which its texts are (`${name}.heading`, …). */
  name: Texts<N> extends MessageKey ? N : never;
  kind: WizardKind;
  actions: WizardEvents;
  selectors: WizardSelectors;
  /** The details step's way on, and the contact step's send button, for the state now. */
  nextLabel(state: RootState): MessageKey;
  submitLabel(state: RootState): MessageKey;
  /** Whether the contact form asks for a message. */
  message: boolean;
}

const WizardContext = createContext<WizardKit | null>(null);

/** The wizard around a step (its shell provides it). */
export const useWizard = () => useContext(WizardContext)!;

export interface FooterSlot<P> {
  isComplete: boolean;
  /** What the wizard assembled, as it would be sent. */
  assembled: P;
}

export interface WizardShellProps<Id extends string, P> {
  kit: WizardKit;
  /** The step header's label of each step. */
  labels: Record<Id, MessageKey>;
  /** A step's title after 'Schritt n von N · '. */
  stepTitle(id: Id, category: Category | null): ReactNode;
  steps: Record<Id, ComponentType>;
  success: readonly MessageKey[];
  /** Shown under the success message (the wizard's own, from the answer). */
  more?: ReactNode;
  hideContactStep: boolean;
  hideStepHeader: boolean;
  /** What it assembled, for the footer of an embedder. */
  selectAssembled(state: RootState): P;
  /**
   * An embedder's footer in place of the contact step (product 2.1.10, the portal's dialogs):
   * the wizard then shows no heading of its own.
   */
  footer?: (slot: FooterSlot<P>) => ReactNode;
}

export function WizardShell<Id extends string, P>(props: WizardShellProps<Id, P>) {
  const { kit, footer } = props;
  const { selectors, actions, name } = kit;
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const step = useAppSelector((state) => selectors.select(state).step);
  const sent = useAppSelector((state) => selectors.select(state).status === 'sent');
  const steps = useAppSelector(selectors.selectSteps) as readonly string[] as readonly Id[];
  const stepId = useAppSelector(selectors.selectCurrentStepId) as Id;
  const jumpable = useAppSelector(selectors.selectJumpable);
  const missing = useAppSelector(
    selectors.selectMissingSteps,
  ) as readonly string[] as readonly Id[];
  const complete = useAppSelector(selectors.selectIsComplete);
  const assembled = useAppSelector(props.selectAssembled);
  const category = useAppSelector(selectors.selectCategory);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const title = t(`routes.${name}` as MessageKey);

  useDocumentTitle(footer ? null : title);

  // Keyboard and screen-reader users land on the new step's title, or on the message; also when
  // the wizard first shows a later step (a reload brought them back to where they were). A
  // wizard in a host's dialog leaves the focus to the dialog.
  const firstRender = useRef(true);
  const inDialog = Boolean(footer);
  useEffect(() => {
    const first = firstRender.current;
    firstRender.current = false;
    if (first && (inDialog || sent || step <= 1)) return undefined;
    return moveFocus((sent ? successRef : headingRef).current);
  }, [step, sent, inDialog]);

  if (sent) {
    // Product 2.1.12: the message replaces the form, and the step header goes.
    return (
      <main aria-labelledby={PAGE_HEADING_ID}>
        <PageHeading id={PAGE_HEADING_ID}>{title}</PageHeading>
        <Section>
          <Alert role="status" $severity="success" tabIndex={-1} ref={successRef}>
            {props.success.map((key) => (
              <p key={key}>{t(key)}</p>
            ))}
            {props.more}
          </Alert>
        </Section>
      </main>
    );
  }

  const index = steps.indexOf(stepId);
  const body = (
    <WizardContext.Provider value={kit}>
      {!props.hideStepHeader && (
        <StepHeader
          steps={steps}
          current={step}
          labelOf={(id) => t(props.labels[id] as MessageKey)}
          canJump={(number) => jumpable[number - 1] ?? false}
          onJump={(number) => dispatch(actions.stepHeaderClicked(number))}
          missing={missing}
        />
      )}
      {steps.map((id, at) => {
        if (Math.abs(at - index) > 1) return null;
        const Step: ComponentType = props.steps[id];
        const current = at === index;
        const heading = `${kit.kind}-step-${id}`;
        return (
          <Activity key={id} mode={current ? 'visible' : 'hidden'}>
            <OutOfSight value={!current}>
              <Section aria-labelledby={heading}>
                <Title id={heading} tabIndex={-1} ref={current ? headingRef : undefined}>
                  {t('wizard.stepOf', { step: at + 1, total: steps.length })}
                  {t('wizard.stepSeparator')}
                  {props.stepTitle(id, category)}
                </Title>
                <Step />
              </Section>
            </OutOfSight>
          </Activity>
        );
      })}
      {props.hideContactStep && (
        // The footer slot (product 2.1.10): a save action, enabled once the wizard is complete.
        <Section aria-label={t(`${name}.footer` as MessageKey)}>
          {footer ? (
            footer({ isComplete: complete, assembled })
          ) : (
            <PrimaryButton
              type="button"
              disabled={!complete}
              onClick={() => dispatch(actions.saveClicked())}
            >
              {t('wizard.save')}
            </PrimaryButton>
          )}
        </Section>
      )}
    </WizardContext.Provider>
  );
  if (footer) return body;
  return (
    <main aria-labelledby={PAGE_HEADING_ID}>
      <PageHeading id={PAGE_HEADING_ID}>{title}</PageHeading>
      <PageLead>{t(`${name}.heading` as MessageKey)}</PageLead>
      {body}
    </main>
  );
}

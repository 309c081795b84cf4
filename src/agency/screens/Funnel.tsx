import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { FIRST_DAY, isDay, LAST_DAY } from '../../../contract/days';
import type { FunnelReport } from '../../../contract/funnel';
import { Alert, Input, Label, PageHeading, PageLead, SecondaryButton } from '../../ui/primitives';
import { formatChange, formatDay, formatPercent } from '../format';
import { Filters } from './Filters';
import { useAgencyDispatch, useAgencySelector } from '../hooks';
import { agencyActions as actions, isPeriod, selectAgency } from '../slice';
import { SectionHeading } from './SectionHeading';

const Period = styled(Filters)`
  max-width: 30rem;
`;

const Wizards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 26rem), 1fr));
  gap: 0 2rem;
`;

const Stages = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/**
 * A stage: its name and figures, its bar, and under the bar its drop from the stage before
 * (or why its count cannot be); on a phone each below the other.
 */
const Stage = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-template-areas: 'figures' 'bar' 'note';
  gap: 0.2rem 1rem;
  align-items: center;
  padding: 0.5rem 0;
  border-bottom: 1px solid #eef0f3;
  @media (min-width: 36rem) {
    grid-template-columns: minmax(10rem, 13rem) minmax(0, 1fr);
    grid-template-areas: 'figures bar' 'figures note';
  }
`;

const Figures = styled.span`
  grid-area: figures;
  font-variant-numeric: tabular-nums;
  align-self: start;
`;

const Share = styled.span`
  display: block;
  color: ${(p) => p.theme.colors.muted};
  font-size: 0.9rem;
`;

const Note = styled.span`
  grid-area: note;
  &:empty {
    display: none;
  }
`;

const Track = styled.span`
  grid-area: bar;
  display: flex;
  height: 0.9rem;
  background: #eef0f3;
  border-radius: 2px;
  overflow: hidden;
`;

const Fill = styled.span<{ $anomaly: boolean }>`
  display: block;
  height: 100%;
  background: ${(p) => (p.$anomaly ? p.theme.colors.warning : p.theme.colors.primary)};
`;

/** The visitors lost since the step before, beside the bar of those who came on. */
const Lost = styled.span`
  display: block;
  height: 100%;
  background: repeating-linear-gradient(
    -45deg,
    ${(p) => p.theme.colors.error}55 0 4px,
    ${(p) => p.theme.colors.error}22 4px 8px
  );
`;

const Drop = styled.span`
  display: block;
  color: ${(p) => p.theme.colors.muted};
  font-size: 0.9rem;
`;

const Help = styled.section`
  max-width: 48rem;
  margin-top: 2rem;
  ul {
    padding-left: 1.25rem;
  }
  li + li {
    margin-top: 0.5rem;
  }
`;

const Anomaly = styled.span`
  display: block;
  color: ${(p) => p.theme.colors.warning};
  font-weight: 600;
`;

type WizardReport = FunnelReport['wizards'][number];

/**
 * One wizard's stages as a bar chart: a list a screen reader reads as text, bars beside it.
 * Stages keep the wizard's order; a stage counted more often than the one before it (which no
 * visitor can do: pages that count no steps, or a script) is marked as an anomaly, with no
 * share of those who started.
 */
function WizardFunnel({ report }: { report: WizardReport }) {
  const { t, i18n } = useTranslation('agency');
  const id = `funnel-${report.wizard}`;
  const started = report.stages[0]?.count ?? 0;
  const most = Math.max(1, ...report.stages.map((s) => s.count));
  const empty = report.stages.every((s) => s.count === 0);
  const anomalies = report.stages.map(
    ({ count }, index) => index > 0 && count > report.stages[index - 1]!.count,
  );
  return (
    <section aria-labelledby={id}>
      <SectionHeading id={id}>{t(`funnel.wizards.${report.wizard}`)}</SectionHeading>
      {empty ? (
        <p>{t('funnel.empty')}</p>
      ) : (
        <Stages>
          {report.stages.map(({ stage, count }, index) => {
            const before = report.stages[index - 1];
            const anomaly = anomalies[index]!;
            // No drop from a count that cannot be (an anomaly) or to one.
            const drop =
              before && !anomaly && !anomalies[index - 1] && before.count > 0
                ? {
                    from: before.stage,
                    lost: before.count - count,
                    ...formatChange(count - before.count, before.count, i18n.language),
                  }
                : null;
            return (
              <Stage key={stage}>
                <Figures>
                  <strong>{t(`funnel.stages.${stage}`)}</strong>{' '}
                  <Share>
                    {index === 0 || anomaly
                      ? t('funnel.count', { count })
                      : t('funnel.countOfStarted', {
                          count,
                          percent: formatPercent(count, started, i18n.language),
                        })}
                  </Share>
                </Figures>
                <Note>
                  {drop && (
                    <Drop>
                      {drop.lost === 0
                        ? t('funnel.dropNone', { stage: t(`funnel.stages.${drop.from}`) })
                        : t('funnel.drop', {
                            stage: t(`funnel.stages.${drop.from}`),
                            count: drop.count,
                            percent: drop.percent,
                          })}
                    </Drop>
                  )}
                  {anomaly && before && (
                    <Anomaly>
                      {t('funnel.anomaly', {
                        stage: t(`funnel.stages.${before.stage}`),
                        count: before.count,
                      })}
                    </Anomaly>
                  )}
                </Note>
                <Track aria-hidden="true">
                  <Fill $anomaly={anomaly} style={{ width: `${(count / most) * 100}%` }} />
                  {drop && drop.lost > 0 && (
                    <Lost style={{ width: `${(drop.lost / most) * 100}%` }} />
                  )}
                </Track>
              </Stage>
            );
          })}
        </Stages>
      )}
    </section>
  );
}

/** Where visitors drop off: each wizard's stages over a period (docs/agency.md#the-funnel). */
export function Funnel() {
  const { t, i18n } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const { from, to, report, status, error } = useAgencySelector(
    (state) => selectAgency(state).funnel,
  );
  useEffect(() => {
    dispatch(actions.funnelOpened());
  }, [dispatch]);
  const valid = isPeriod(from, to);
  // A day out of what the inbox takes, or a period that ends before it starts.
  const badDay = [from, to].some((day) => day !== '' && !isDay(day));
  const badPeriod = from !== '' && to !== '' && !valid;
  return (
    <section aria-labelledby="funnel-heading">
      <PageHeading id="funnel-heading">{t('funnel.heading')}</PageHeading>
      <PageLead>{t('funnel.intro')}</PageLead>
      <Period>
        <legend>{t('funnel.period')}</legend>
        {(['from', 'to'] as const).map((end) => (
          <Label key={end}>
            <span>{t(`funnel.${end}`)}</span>
            <Input
              type="date"
              min={FIRST_DAY}
              max={LAST_DAY}
              value={end === 'from' ? from : to}
              aria-invalid={badPeriod || undefined}
              aria-describedby={badPeriod ? 'funnel-period-error' : undefined}
              onChange={(e) => dispatch(actions.funnelPeriodChanged({ [end]: e.target.value }))}
            />
          </Label>
        ))}
      </Period>
      {badPeriod && (
        <Alert $severity="error" role="alert" id="funnel-period-error">
          <p>
            {badDay
              ? t('funnel.badDay', {
                  first: formatDay(FIRST_DAY, i18n.language),
                  last: formatDay(LAST_DAY, i18n.language),
                })
              : t('funnel.badPeriod')}
          </p>
        </Alert>
      )}
      {error && (
        <Alert $severity="error" role="alert">
          <p>{t(`errors.${error}`)}</p>
          <SecondaryButton type="button" onClick={() => dispatch(actions.funnelRetryClicked())}>
            {t('errors.retry')}
          </SecondaryButton>
        </Alert>
      )}
      <p role="status">
        {status === 'loading'
          ? t('funnel.loading')
          : report && valid
            ? t('funnel.shown', {
                from: formatDay(report.from, i18n.language),
                to: formatDay(report.to, i18n.language),
              })
            : ''}
      </p>
      {report && (
        <Wizards>
          {report.wizards.map((wizard) => (
            <WizardFunnel key={wizard.wizard} report={wizard} />
          ))}
        </Wizards>
      )}
      <Help aria-labelledby="funnel-help">
        <SectionHeading id="funnel-help">{t('funnel.help.heading')}</SectionHeading>
        <ul>
          {(['counts', 'refused', 'drop', 'act'] as const).map((part) => (
            <li key={part}>{t(`funnel.help.${part}`)}</li>
          ))}
        </ul>
      </Help>
    </section>
  );
}

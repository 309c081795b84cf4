import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Nav = styled.nav`
  margin: 0 1rem;
  ol {
    display: flex;
    gap: 0.5rem;
    list-style: none;
    margin: 0;
    padding: 0;
    counter-reset: step;
  }
  li {
    flex: 1;
  }
`;

const StepButton = styled.button<{ $current: boolean }>`
  width: 100%;
  min-height: 2.75rem;
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.4rem 0.5rem;
  font: inherit;
  text-align: left;
  background: none;
  border: none;
  border-bottom: 4px solid ${(p) => (p.$current ? p.theme.colors.primary : p.theme.colors.border)};
  color: ${(p) => (p.$current ? p.theme.colors.primary : p.theme.colors.text)};
  font-weight: ${(p) => (p.$current ? 700 : 400)};
  cursor: pointer;
  &:disabled {
    cursor: default;
    color: ${(p) => p.theme.colors.muted};
  }
  @media (max-width: ${(p) => p.theme.breakpoints.xs}px) {
    .label {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
  }
`;

const Number = styled.span<{ $missing: boolean }>`
  display: inline-grid;
  place-items: center;
  width: 1.75rem;
  height: 1.75rem;
  border-radius: 50%;
  border: 2px solid currentColor;
  font-weight: 700;
  flex: none;
  ${(p) => (p.$missing ? `color: #fff; background: ${p.theme.colors.error}; border-color: ${p.theme.colors.error};` : '')}
`;

/** The wizard's step header (product 2.1.6, 2.3.5), typed by the wizard's own step ids. */
export function StepHeader<StepId extends string>({
  steps,
  current,
  labelOf,
  canJump,
  onJump,
  missing = [],
}: {
  steps: readonly StepId[];
  current: number;
  labelOf(step: StepId): string;
  canJump(step: number): boolean;
  onJump(step: number): void;
  /** Steps a refused submit found incomplete: marked, and named so to screen readers. */
  missing?: readonly StepId[];
}) {
  const { t } = useTranslation();
  return (
    <Nav aria-label={t('wizard.stepHeader')}>
      <ol>
        {steps.map((step, index) => {
          const number = index + 1;
          const isCurrent = number === current;
          return (
            <li key={step}>
              <StepButton
                type="button"
                $current={isCurrent}
                aria-current={isCurrent ? 'step' : undefined}
                disabled={!isCurrent && !canJump(number)}
                onClick={() => !isCurrent && onJump(number)}
              >
                <Number aria-hidden="true" $missing={missing.includes(step)}>
                  {missing.includes(step) ? '!' : number}
                </Number>
                <span className="label">{labelOf(step)}</span>
                {missing.includes(step) && (
                  <span className="visually-hidden"> {t('wizard.stepMissing')}</span>
                )}
              </StepButton>
            </li>
          );
        })}
      </ol>
    </Nav>
  );
}

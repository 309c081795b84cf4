/** Styled building blocks shared by the screens. */
import styled, { css } from 'styled-components';

export const Section = styled.section`
  padding: 1rem;
  @media (max-width: ${(p) => p.theme.breakpoints.xs}px) {
    padding: 0.75rem;
  }
`;

export const Title = styled.h2`
  font-size: 1.35rem;
  margin: 0 0 1rem;
`;

const buttonBase = css`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  padding: 0.5rem 1.25rem;
  border-radius: ${(p) => p.theme.radius};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

export const PrimaryButton = styled.button`
  ${buttonBase};
  color: #fff;
  background: ${(p) => p.theme.colors.primary};
  border: 2px solid ${(p) => p.theme.colors.primary};
`;

export const SecondaryButton = styled.button`
  ${buttonBase};
  color: ${(p) => p.theme.colors.primary};
  background: #fff;
  border: 2px solid ${(p) => p.theme.colors.primary};
`;

export const LinkButton = styled.button`
  ${buttonBase};
  padding: 0.5rem 0;
  color: ${(p) => p.theme.colors.primary};
  background: none;
  border: none;
  text-decoration: underline;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  justify-content: space-between;
  margin-top: 1.5rem;
  /* On a phone the buttons span the width of the inputs, the way forward on top. */
  @media (max-width: ${(p) => p.theme.breakpoints.xs}px) {
    flex-direction: column-reverse;
    & > button {
      width: 100%;
      justify-content: center;
    }
  }
`;

export const Alert = styled.div<{ $severity: 'error' | 'success' | 'info' }>`
  padding: 0.75rem 1rem;
  margin-bottom: 1rem;
  border-radius: ${(p) => p.theme.radius};
  border-left: 6px solid
    ${(p) =>
      p.$severity === 'error'
        ? p.theme.colors.error
        : p.$severity === 'success'
          ? p.theme.colors.success
          : p.theme.colors.info};
  background: ${(p) => (p.$severity === 'error' ? '#fdecea' : p.$severity === 'success' ? '#edf7ed' : '#e8f1fb')};
  color: ${(p) => p.theme.colors.text};
`;

export const FieldRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: 0.75rem 1rem;
`;

export const Label = styled.label`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  font-weight: 600;
`;

export const inputStyle = css`
  font: inherit;
  font-weight: 400;
  padding: 0.55rem 0.65rem;
  min-height: 2.75rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius};
  background: #fff;
  color: ${(p) => p.theme.colors.text};
  &[aria-invalid='true'] {
    border-color: ${(p) => p.theme.colors.error};
    border-width: 2px;
  }
`;

export const Input = styled.input`
  ${inputStyle};
`;

export const Select = styled.select`
  ${inputStyle};
`;

export const TextArea = styled.textarea`
  ${inputStyle};
  min-height: 6rem;
  resize: vertical;
`;

export const FieldError = styled.p`
  margin: 0;
  color: ${(p) => p.theme.colors.error};
  font-weight: 400;
  font-size: 0.9rem;
`;

export const Hint = styled.p`
  margin: 0;
  color: ${(p) => p.theme.colors.muted};
  font-weight: 400;
  font-size: 0.9rem;
`;

export const Fieldset = styled.fieldset`
  border: none;
  margin: 0 0 1rem;
  padding: 0;
  legend {
    font-weight: 600;
    margin-bottom: 0.5rem;
  }
`;

/**
 * The id of a screen's title, which names the screen's main landmark: the host page around the
 * frame has a main of its own, and two unnamed ones cannot be told apart in a screen reader's
 * list of landmarks.
 */
export const PAGE_HEADING_ID = 'page-heading';

/** A screen's title (its h1). */
export const PageHeading = styled.h1`
  font-size: 1.5rem;
  margin: 1rem 1rem 0.25rem;
  @media (max-width: ${(p) => p.theme.breakpoints.xs}px) {
    margin: 0.75rem 0.75rem 0.25rem;
  }
`;

/** The line under a screen's title. */
export const PageLead = styled.p`
  margin: 0 1rem 1rem;
  color: ${(p) => p.theme.colors.muted};
  @media (max-width: ${(p) => p.theme.breakpoints.xs}px) {
    margin: 0 0.75rem 0.75rem;
  }
`;

/** Turns while something is under way (a form being sent, the portal's calls). */
export const Spinner = styled.span`
  display: inline-block;
  width: 1em;
  height: 1em;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: immosuite-spin 0.8s linear infinite;
  @keyframes immosuite-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

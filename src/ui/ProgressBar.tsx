import styled, { keyframes } from 'styled-components';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Track = styled.div`
  position: relative;
  height: 4px;
  overflow: hidden;
  background: ${(p) => p.theme.colors.primary}33;
`;

const Bar = styled.div`
  width: 40%;
  height: 100%;
  background: ${(p) => p.theme.colors.primary};
  animation: ${slide} 1.2s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    width: 100%;
  }
`;

/** An indeterminate progress bar (initialising or global loading). */
export function ProgressBar({ label }: { label: string }) {
  return (
    <Track role="progressbar" aria-label={label} aria-busy="true">
      <Bar />
    </Track>
  );
}

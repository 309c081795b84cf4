import styled from 'styled-components';

/** A part's heading within an inbox page (the detail's, the notes', the funnel's). */
export const SectionHeading = styled.h2`
  font-size: 1.2rem;
  margin: 1.5rem 0 0.5rem;
`;

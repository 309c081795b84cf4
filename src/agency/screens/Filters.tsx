/** The box of a page's filters (the list's, the funnel's period): labelled fields in a grid. */
import styled from 'styled-components';

export const Filters = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: 0.75rem 1rem;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius};
  padding: 0.75rem 1rem 1rem;
  margin: 0 0 1rem;
  legend {
    font-weight: 600;
    padding: 0 0.25rem;
  }
  &[hidden] {
    display: none;
  }
`;

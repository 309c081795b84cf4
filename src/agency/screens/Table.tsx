/** The inbox's tables: a wide one scrolls inside its own box on a phone instead of widening the page. */
import styled from 'styled-components';

export const Scroll = styled.div`
  overflow-x: auto;
`;

export const Table = styled.table`
  border-collapse: collapse;
  width: 100%;
  caption {
    text-align: left;
    font-weight: 600;
    padding: 0.5rem 0;
  }
  th,
  td {
    text-align: left;
    padding: 0.5rem 0.75rem 0.5rem 0;
    border-bottom: 1px solid #d5d8dc;
    vertical-align: top;
  }
`;

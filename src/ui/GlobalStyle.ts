import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  /* The body holds its children's margins (flow-root), so its box is all the document
     needs and the frame can be sized from it (decision 21). */
  html, body { margin: 0; }
  body {
    display: flow-root;
    font-family: ${(p) => p.theme.font};
    color: ${(p) => p.theme.colors.text};
    background: transparent;
    line-height: 1.5;
  }
  *, *::before, *::after { box-sizing: border-box; }
  :focus-visible { outline: 3px solid ${(p) => p.theme.colors.accent}; outline-offset: 2px; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
`;

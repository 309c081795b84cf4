import { escapeHtml } from './LocationMap';

describe('map attribution', () => {
  it('goes to Leaflet as text, never as markup', () => {
    expect(escapeHtml('<img src=x onerror=alert(1)> © "Tiles" & more')).toBe(
      '&#60;img src=x onerror=alert(1)&#62; © &#34;Tiles&#34; &#38; more',
    );
  });
});

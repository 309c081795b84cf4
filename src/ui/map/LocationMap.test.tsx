import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { makeTheme } from '../theme';
import { DEFAULT_THEME } from '../theme';
import LocationMap from './LocationMap';

const HOSTILE = '<img src=x onerror="window.pwned=1"> © "Tiles" & more';

function renderMap(attribution: string) {
  return render(
    <ThemeProvider theme={makeTheme(DEFAULT_THEME)}>
      <LocationMap
        view={{ lat: 52.52, lng: 13.405, zoom: 12 }}
        marker={null}
        tiles={{ url: 'https://tiles.test/{z}/{x}/{y}.png', attribution }}
        narrow={false}
        labels={{ map: 'Karte', placePin: 'Markierung setzen', pin: 'Markierung' }}
        onPlace={() => {}}
        onMove={() => {}}
        onTilesFailed={() => {}}
      />
    </ThemeProvider>,
  );
}

describe('map attribution', () => {
  it('from the init config reaches the rendered map as text, never as markup', () => {
    const { container } = renderMap(HOSTILE);
    const attribution = container.querySelector('.leaflet-control-attribution');
    expect(attribution).not.toBeNull();
    expect(attribution!.textContent).toContain(HOSTILE);
    expect(attribution!.querySelector('img')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });
});

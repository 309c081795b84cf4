/**
 * The region tree: Berlin's twelve districts with their localities, named as the official
 * locality geometries name them (their shapes: server/geo/regions.ts).
 */
export const BERLIN_DISTRICTS: Record<string, string[]> = {
  Mitte: ['Mitte', 'Moabit', 'Hansaviertel', 'Tiergarten', 'Wedding', 'Gesundbrunnen'],
  'Friedrichshain-Kreuzberg': ['Friedrichshain', 'Kreuzberg'],
  Pankow: [
    'Prenzlauer Berg', 'Weißensee', 'Blankenburg', 'Heinersdorf', 'Karow', 'Stadtrandsiedlung Malchow',
    'Pankow', 'Blankenfelde', 'Buch', 'Französisch Buchholz', 'Niederschönhausen', 'Rosenthal', 'Wilhelmsruh',
  ],
  'Charlottenburg-Wilmersdorf': [
    'Charlottenburg', 'Wilmersdorf', 'Schmargendorf', 'Grunewald', 'Westend', 'Charlottenburg-Nord', 'Halensee',
  ],
  Spandau: ['Spandau', 'Haselhorst', 'Siemensstadt', 'Staaken', 'Gatow', 'Kladow', 'Hakenfelde', 'Falkenhagener Feld', 'Wilhelmstadt'],
  'Steglitz-Zehlendorf': ['Steglitz', 'Lichterfelde', 'Lankwitz', 'Zehlendorf', 'Dahlem', 'Nikolassee', 'Wannsee'],
  'Tempelhof-Schöneberg': ['Schöneberg', 'Friedenau', 'Tempelhof', 'Mariendorf', 'Marienfelde', 'Lichtenrade'],
  Neukölln: ['Neukölln', 'Britz', 'Buckow', 'Rudow', 'Gropiusstadt'],
  'Treptow-Köpenick': [
    'Alt-Treptow', 'Plänterwald', 'Baumschulenweg', 'Johannisthal', 'Niederschöneweide', 'Altglienicke', 'Adlershof',
    'Bohnsdorf', 'Oberschöneweide', 'Köpenick', 'Friedrichshagen', 'Rahnsdorf', 'Grünau', 'Müggelheim', 'Schmöckwitz',
  ],
  'Marzahn-Hellersdorf': ['Marzahn', 'Biesdorf', 'Kaulsdorf', 'Mahlsdorf', 'Hellersdorf'],
  Lichtenberg: [
    'Friedrichsfelde', 'Karlshorst', 'Lichtenberg', 'Falkenberg', 'Malchow', 'Wartenberg', 'Neu-Hohenschönhausen',
    'Alt-Hohenschönhausen', 'Fennpfuhl', 'Rummelsburg',
  ],
  Reinickendorf: [
    'Reinickendorf', 'Tegel', 'Konradshöhe', 'Heiligensee', 'Frohnau', 'Hermsdorf', 'Waidmannslust', 'Lübars',
    'Wittenau', 'Märkisches Viertel', 'Borsigwalde',
  ],
};

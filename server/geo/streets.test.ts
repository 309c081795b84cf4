/**
 * @jest-environment node
 */
import fs from 'node:fs';
import fc from 'fast-check';
import {
  areaCentre,
  buildStreetIndex,
  matchHousePoints,
  parseAddresses,
  STREET_INDEX_FILE,
  streetsOfStopName,
  utm33ToLatLng,
} from '../../scripts/berlin-streets';
import { distanceKm } from '../../contract/distance';
import { normalize } from './places';
import { loadRegionShapes, localityAt } from './regions';
import { findStreets, loadStreets, normalizeStreet, placeHouse, streetLabel } from './streets';
import type { Anchor, StreetIndexFile } from './streets';

describe("Berlin's street index", () => {
  it('reads the streets out of stop names: prefixes, brackets and abbreviations undone', () => {
    expect(streetsOfStopName('Unter den Linden/Friedrichstr. (Berlin)')).toEqual([
      'Unter den Linden',
      'Friedrichstraße',
    ]);
    expect(streetsOfStopName('S+U Alexanderplatz Bhf/Memhardstr. (Berlin)')).toEqual([
      'Alexanderplatz',
      'Memhardstraße',
    ]);
    expect(streetsOfStopName('U Amrumer Str.')).toEqual(['Amrumer Straße']);
    // Places that are not streets stay out.
    expect(streetsOfStopName('Virchow-Klinikum')).toEqual([]);
    expect(streetsOfStopName('S Schöneweide Bhf')).toEqual([]);
  });

  it('converts ETRS89/UTM 33N to latitude and longitude', () => {
    // On the zone's central meridian (15° E) at the equator, and north along it.
    expect(utm33ToLatLng(500000, 0).lat).toBeCloseTo(0, 6);
    expect(utm33ToLatLng(500000, 0).lng).toBeCloseTo(15, 6);
    expect(utm33ToLatLng(500000, 5819000).lng).toBeCloseTo(15, 6);
    // West of it, the meridian convergence: a point 200 km west lies west of 12.1° E.
    const berlin = utm33ToLatLng(392000, 5820000);
    expect(berlin.lat).toBeGreaterThan(52.4);
    expect(berlin.lat).toBeLessThan(52.6);
    expect(berlin.lng).toBeGreaterThan(13.3);
    expect(berlin.lng).toBeLessThan(13.5);
    // A square's centre, and a hole's area subtracted.
    expect(
      areaCentre([
        [
          [0, 0],
          [0, 2],
          [2, 2],
          [2, 0],
          [0, 0],
        ],
      ]),
    ).toEqual([1, 1]);
  });

  it('builds one entry per street, locality and postcode, with its house numbers and place', () => {
    const csv = [
      'hnr,hnr_zusatz,str_name,plz,ort_name,PLR_NAME,PLR_ID',
      '1,,Kastanienallee,10435,Prenzlauer Berg,Teutoburger Platz,A',
      '103,,Kastanienallee,10435,Prenzlauer Berg,Teutoburger Platz,B',
      '40,A,Kastanienallee,10119,Mitte,Arkonaplatz,B',
      '7,,Kastanienallee,12627,Hellersdorf,Helle Mitte,C',
      ',,Kastanienallee,99999x,Hellersdorf,Helle Mitte,C',
    ].join('\n');
    const rows = parseAddresses(csv);
    expect(rows).toHaveLength(4);
    const centres = new Map([
      ['A', { lat: 52.54, lng: 13.41 }],
      ['B', { lat: 52.53, lng: 13.4 }],
      ['C', { lat: 52.54, lng: 13.6 }],
    ]);
    // A stop named after the street, in its locality and near: the street's place.
    const stops = new Map([['Kastanienallee', [{ lat: 52.5365, lng: 13.4072 }]]]);
    const index = buildStreetIndex(rows, centres, stops);
    expect(index.localities).toEqual(['Hellersdorf', 'Mitte', 'Prenzlauer Berg']);
    const [name, entries] = index.streets[0]!;
    expect(name).toBe('Kastanienallee');
    const byLocality = Object.fromEntries(entries.map((e) => [index.localities[e[2]], e.slice(3)]));
    expect(byLocality).toEqual({
      'Prenzlauer Berg': ['10435', 1, 103, 2],
      Mitte: ['10119', 40, 40, 1],
      Hellersdorf: ['12627', 7, 7, 1],
    });
    const place = (locality: string) => {
      const e = entries.find((x) => index.localities[x[2]] === locality)!;
      return { lat: e[0], lng: e[1] };
    };
    // Prenzlauer Berg: moved onto the stop; Hellersdorf: its planning area's centre (the stop
    // is 13 km away); Mitte: the stop lies in Prenzlauer Berg, so the centre stays.
    expect(place('Prenzlauer Berg')).toEqual({ lat: 52.5365, lng: 13.4072 });
    expect(place('Hellersdorf')).toEqual({ lat: 52.54, lng: 13.6 });
    expect(place('Mitte')).toEqual({ lat: 52.53, lng: 13.4 });
  });

  it('places a house at its anchor, else between anchors of its parity at most 600 m apart', () => {
    // A street along a meridian: 0.001° of latitude is 111 m.
    const street = { lat: 52.5, lng: 13.4 };
    const anchors: Anchor[] = [
      [2, 52.501, 13.4],
      [3, 52.5011, 13.4001],
      [5, 52.5021, 13.4001, 'A'],
      [10, 52.503, 13.4],
      [11, 52.504, 13.4001, '', 1],
      [30, 52.51, 13.4],
    ];
    const at = (n: string) => placeHouse({ ...street, anchors }, n);
    expect(at('2')).toEqual({ lat: 52.501, lng: 13.4, exact: true });
    expect(at('5 a')).toEqual({ lat: 52.5021, lng: 13.4001, exact: true });
    // Only near the house (a charging station): there, but not exact.
    expect(at('11')).toEqual({ lat: 52.504, lng: 13.4001, exact: false });
    // Another letter of an anchor's number: at that anchor, estimated.
    expect(at('5')).toEqual({ lat: 52.5021, lng: 13.4001, exact: false });
    // 6 between the even 2 and 10, by number: halfway.
    expect(at('6').exact).toBe(false);
    expect(at('6').lat).toBeCloseTo(52.502, 9);
    expect(at('6').lng).toBeCloseTo(13.4, 9);
    // 7 between the odd 5A and 11 (not the even 2 and 10 beside it).
    expect(at('7').lat).toBeCloseTo(52.5021 + (52.504 - 52.5021) / 3, 9);
    expect(at('7').lng).toBeCloseTo(13.4001, 9);
    // 20 between 10 and 30, 780 m apart: the street's place; so 1 and 40, with no anchor on
    // one side, and a number that is not one.
    for (const n of ['20', '1', '40', 'x'])
      expect(at(n)).toEqual({ lat: 52.5, lng: 13.4, exact: false });
  });

  it('anchors an official address where a point layer names it, in its own locality', () => {
    const rows = parseAddresses(
      [
        'hnr,hnr_zusatz,str_name,plz,ort_name,PLR_NAME,PLR_ID',
        '134,,Torstraße,10119,Mitte,Arkonaplatz,T',
        '165,,Torstraße,10115,Mitte,Oranienburger Straße,T',
        '12,A,Kastanienallee,10435,Prenzlauer Berg,Teutoburger Platz,K',
      ].join('\n'),
    );
    const centres = new Map([
      ['T', { lat: 52.529, lng: 13.4 }],
      ['K', { lat: 52.54, lng: 13.41 }],
    ]);
    const point = { letter: '', easting: 391454.7, northing: 5821115.9 };
    const houses = matchHousePoints(
      rows,
      [
        // 'Torstr.' for Torstraße; two day-care centres at one address: their mean.
        { ...point, layer: 'kita', street: 'Torstr.', number: '134', postcode: '10119' },
        {
          ...point,
          layer: 'kita',
          street: 'Torstr.',
          number: '134',
          postcode: '10119',
          easting: 391456.7,
        },
        // A charging station before no. 165: near it.
        {
          ...point,
          layer: 'ladesaeule',
          street: 'Torstr.',
          number: '165',
          postcode: '10115',
          easting: 391180.4,
          northing: 5821100.8,
        },
        // The Torstraße point filed under an address in Prenzlauer Berg: left out.
        { ...point, layer: 'schule', street: 'Kastanienallee', number: '12a', postcode: '10435' },
      ],
      centres,
    );
    const [at134, at165] = rows;
    expect(houses.size).toBe(2);
    expect(houses.get(at134!)).toMatchObject({ near: false });
    expect(houses.get(at134!)!.lat).toBeCloseTo(52.52932, 4);
    expect(houses.get(at134!)!.lng).toBeCloseTo(13.39989, 4);
    expect(houses.get(at165!)).toMatchObject({ near: true });
    const index = buildStreetIndex(rows, centres, new Map(), houses);
    const torstrasse = index.streets.find(([name]) => name === 'Torstraße')![1];
    expect(torstrasse.map((entry) => [entry[3], entry[7]?.map((a) => [a[0], a[3], a[4]])])).toEqual(
      [
        ['10119', [[134, undefined, undefined]]],
        ['10115', [[165, '', 1]]],
      ],
    );
  });

  it('ships every street of the official address directory, with its source and licence', () => {
    const shipped = JSON.parse(fs.readFileSync(STREET_INDEX_FILE, 'utf8')) as StreetIndexFile;
    expect(shipped.source).toMatch(/Adressen Berlin/);
    expect(shipped.licence).toMatch(/Datenlizenz Deutschland – Namensnennung – Version 2\.0/);
    expect(shipped.licence).toMatch(/CC BY 4\.0/);
    expect(shipped.licence).toMatch(/Geoportal Berlin \/ Kindertagesstätten/);
    expect(shipped.streets.length).toBeGreaterThan(9500);
    // Every locality of the region map is one of the index's.
    for (const { name } of loadRegionShapes().localities)
      expect(shipped.localities).toContain(name);
    let inLocality = 0;
    let entries = 0;
    for (const [name, list] of shipped.streets) {
      expect(name.length).toBeGreaterThanOrEqual(2);
      for (const [lat, lng, locality, postcode, from, to, count] of list) {
        entries += 1;
        expect(lat).toBeGreaterThan(52.33);
        expect(lat).toBeLessThan(52.68);
        expect(lng).toBeGreaterThan(13.08);
        expect(lng).toBeLessThan(13.77);
        // Berlin's own postcodes, and a few of Brandenburg's on its border.
        expect(postcode).toMatch(/^1[0-5]\d{3}$/);
        expect(from).toBeLessThanOrEqual(to);
        expect(count).toBeGreaterThan(0);
        if (localityAt(lat, lng) === shipped.localities[locality]) inLocality += 1;
      }
    }
    // The places are near: nearly all lie inside the locality they are filed under.
    expect(inLocality / entries).toBeGreaterThan(0.95);
  });

  it('writes abbreviations out the way the index keeps names', () => {
    expect(streetLabel('Torstr.')).toBe('Torstraße');
    expect(streetLabel('Str. des 17. Juni')).toBe('Straße des 17. Juni');
    expect(normalizeStreet('Amrumer Str.')).toBe(normalizeStreet('Amrumer Straße'));
    for (const typed of ['Amrumer Strasse', 'Amrumer Str', 'amrumer STR.', 'Amrumer Straße'])
      expect(normalizeStreet(typed)).toBe(normalize('Amrumer Straße'));
    expect(normalizeStreet('Torstr')).toBe(normalize('Torstraße'));
    // A word that only starts with 'Str' stays as it is.
    expect(normalizeStreet('Strausberger Platz')).toBe(normalize('Strausberger Platz'));
  });

  it('offers a street of one name in each of its localities, the central one first', () => {
    const found = findStreets('Kastanienallee').map((f) => f.street);
    expect(new Set(found.map((s) => s.district))).toEqual(
      new Set([
        'Prenzlauer Berg',
        'Mitte',
        'Rosenthal',
        'Blankenburg',
        'Westend',
        'Hellersdorf',
        'Mahlsdorf',
        'Friedrichshagen',
      ]),
    );
    expect(found[0]).toMatchObject({ district: 'Prenzlauer Berg', postcode: '10435' });
    // Within a kilometre of the well-known street (at Oderberger Straße).
    expect(distanceKm(found[0]!, { lat: 52.5381, lng: 13.4091 })).toBeLessThan(1);
  });

  it('finds by its index exactly what a scan of every street finds', () => {
    const { streets } = loadStreets();
    fc.assert(
      fc.property(
        fc.constantFrom(...streets),
        fc.integer({ min: 3, max: 12 }),
        (street, length) => {
          const term = street.normalized.slice(0, length).trim();
          if (term.length < 3) return;
          const scanned = streets.filter(
            (s) =>
              s.normalized === term ||
              s.normalized.startsWith(term) ||
              s.normalized.includes(` ${term}`),
          );
          const key = (s: (typeof streets)[number]) => `${s.name}|${s.district}|${s.postcode}`;
          expect(
            findStreets(term)
              .map((f) => key(f.street))
              .sort(),
          ).toEqual(scanned.map(key).sort());
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** Address locations (product 3.6, 3.7): the geocoder mapping and the display line. */
export interface Address {
  street: string;
  number: string;
  zip: string;
  city: string;
  district: string;
  state: string;
  country: string;
  lat: number | null;
  lng: number | null;
  /**
   * The position is the geocoder's guess, not the house (a house number placed at its street,
   * a street as typed at its town): true until the visitor places the pin.
   */
  approximate?: boolean;
}

export const EMPTY_ADDRESS: Address = {
  street: '',
  number: '',
  zip: '',
  city: '',
  district: '',
  state: '',
  country: '',
  lat: null,
  lng: null,
};

export function hasCoordinates(address: Pick<Address, 'lat' | 'lng'> | null): boolean {
  return !!address && typeof address.lat === 'number' && typeof address.lng === 'number';
}

/**
 * 'zip city–district', then street with number before it; state and country only when there
 * is no street; parts joined by commas, missing parts left out.
 */
export function displayLine(address: Partial<Address>): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const place = [text(address.city), text(address.district)].filter(Boolean).join('–');
  const zipCity = [text(address.zip), place].filter(Boolean).join(' ');
  const street = text(address.street);
  const streetLine = street ? [street, text(address.number)].filter(Boolean).join(' ') : '';
  const parts = [streetLine, zipCity];
  if (!street) parts.push(text(address.state), text(address.country));
  return parts.filter(Boolean).join(', ');
}

const MAX_TEXT = 200;

function prop(properties: Record<string, unknown>, key: string): string {
  const value = properties[key];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim().slice(0, MAX_TEXT) : '';
}

/** A geocoder (Photon) feature as an address; null when it has no usable coordinates. */
export function featureToAddress(feature: unknown): Address | null {
  if (typeof feature !== 'object' || feature === null) return null;
  const { properties, geometry } = feature as { properties?: unknown; geometry?: unknown };
  const coordinates = (geometry as { coordinates?: unknown } | null | undefined)?.coordinates;
  if (!Array.isArray(coordinates) || coordinates.length < 2) return null;
  const [lng, lat] = coordinates as unknown[];
  if (
    typeof lat !== 'number' ||
    typeof lng !== 'number' ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng)
  )
    return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const p =
    typeof properties === 'object' && properties !== null
      ? (properties as Record<string, unknown>)
      : {};
  const osmKey = prop(p, 'osm_key');
  const osmValue = prop(p, 'osm_value');
  const name = prop(p, 'name');
  const postcode = prop(p, 'postcode');
  const city = prop(p, 'city');
  const address: Address = {
    ...EMPTY_ADDRESS,
    street: osmKey === 'highway' ? name : prop(p, 'street'),
    number: prop(p, 'housenumber'),
    state: prop(p, 'state'),
    country: prop(p, 'country'),
    lat,
    lng,
  };
  const isDistrict =
    (name !== city && osmKey === 'boundary') || (osmKey === 'place' && osmValue === 'suburb');
  if (postcode && city && name) {
    address.zip = postcode;
    address.city = city;
    if (isDistrict) address.district = name;
  } else if (!postcode && city && name && isDistrict && name !== city) {
    // A part of a town without a postcode (a locality has several) stays in its town: Berlin
    // with 'Hansaviertel' as its district, not a town called Hansaviertel (decision 189).
    address.city = city;
    address.district = name;
  } else if (postcode && city) {
    address.zip = postcode;
    address.city = city;
  } else if (postcode && name) {
    address.zip = postcode;
    address.city = name;
  } else {
    // Never empty a city the feature has (a street result carries no place name).
    address.city = name || city;
  }
  if (osmKey === 'highway' && address.city === address.street) address.city = city;
  const approximate = p.approximate;
  if (approximate === true || approximate === 'true') address.approximate = true;
  // A street or house names its locality in Photon's own `district` (product 3.7's mapping has
  // none for them): 'Kastanienallee, 10435 Berlin–Prenzlauer Berg' tells two streets of one
  // name apart.
  const district = prop(p, 'district');
  if (!address.district && address.street && district && district !== address.city)
    address.district = district;
  return address;
}

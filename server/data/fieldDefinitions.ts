/**
 * Seed field definitions for every field id (product 3.11): German labels as the plugin has them,
 * and the English ones the backend answers with for an English widget (Accept-Language).
 */
import { FIELD_IDS } from '../../contract/catalog';

export interface FieldDefinition {
  label: string;
  unit: string | null;
  type: 'currency' | 'number' | 'decimal' | 'int' | 'select' | 'string' | 'boolean';
  values?: { value: string; title: string }[];
  group: string | null;
  marketingTypeLabel?: { buy: string; rent: string };
}

export const FIELD_DEFINITIONS: Record<string, FieldDefinition> = {
  [FIELD_IDS.price]: {
    label: 'Preis',
    unit: null,
    type: 'currency',
    group: 'price',
    marketingTypeLabel: { buy: 'Kaufpreis', rent: 'Kaltmiete' },
  },
  [FIELD_IDS.livingSpace]: { label: 'Wohnfläche', unit: 'm²', type: 'number', group: 'area' },
  [FIELD_IDS.plotArea]: { label: 'Grundstücksfläche', unit: 'm²', type: 'number', group: 'area' },
  [FIELD_IDS.numberRooms]: { label: 'Zimmer', unit: null, type: 'decimal', group: 'area' },
  [FIELD_IDS.yearBuilt]: { label: 'Baujahr', unit: null, type: 'int', group: 'property' },
  [FIELD_IDS.totalArea]: { label: 'Gesamtfläche', unit: 'm²', type: 'number', group: 'area' },
  [FIELD_IDS.listedBuilding]: { label: 'Denkmalschutz', unit: null, type: 'boolean', group: 'property' },
  [FIELD_IDS.condition]: {
    label: 'Zustand',
    unit: null,
    type: 'select',
    group: 'property',
    values: [
      { value: 'erstbezug', title: 'Erstbezug' },
      { value: 'neuwertig', title: 'Neuwertig' },
      { value: 'gepflegt', title: 'Gepflegt' },
      { value: 'renovierungsbeduerftig', title: 'Renovierungsbedürftig' },
    ],
  },
};

/** The English texts of each definition (labels, marketing-type labels, choices). */
export const FIELD_TEXTS_EN: Record<
  string,
  Pick<FieldDefinition, 'label' | 'marketingTypeLabel'> & { values?: Record<string, string> }
> = {
  [FIELD_IDS.price]: {
    label: 'Price',
    marketingTypeLabel: { buy: 'Purchase price', rent: 'Net rent' },
  },
  [FIELD_IDS.livingSpace]: { label: 'Living space' },
  [FIELD_IDS.plotArea]: { label: 'Plot area' },
  [FIELD_IDS.numberRooms]: { label: 'Rooms' },
  [FIELD_IDS.yearBuilt]: { label: 'Year built' },
  [FIELD_IDS.totalArea]: { label: 'Total area' },
  [FIELD_IDS.listedBuilding]: { label: 'Listed building' },
  [FIELD_IDS.condition]: {
    label: 'Condition',
    values: {
      erstbezug: 'First occupancy',
      neuwertig: 'As new',
      gepflegt: 'Well kept',
      renovierungsbeduerftig: 'In need of renovation',
    },
  },
};

/** A stored (German) definition in the asked language. */
export function definitionIn(lang: 'de' | 'en', id: string, definition: FieldDefinition) {
  const en = lang === 'en' ? FIELD_TEXTS_EN[id] : undefined;
  if (!en) return definition;
  return {
    ...definition,
    label: en.label,
    ...(definition.marketingTypeLabel && en.marketingTypeLabel
      ? { marketingTypeLabel: en.marketingTypeLabel }
      : {}),
    ...(definition.values
      ? {
          values: definition.values.map((v) => ({ ...v, title: en.values?.[v.value] ?? v.title })),
        }
      : {}),
  };
}

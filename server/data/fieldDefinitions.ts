/** Seed field definitions for every field id of spec 3 (German labels, as the plugin has). */
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

/**
 * The category table of product 3.14 and the field ids each category asks for (3.15): one
 * module that the widget, the reference backend and the contract all read.
 */
export type ObjectType = 'LIVING' | 'COMMERCIAL';
export type MarketingType = 'buy' | 'rent';
export type WizardKind = 'lead' | 'search';

export const OBJECT_TYPES: readonly ObjectType[] = ['LIVING', 'COMMERCIAL'];
export const MARKETING_TYPES: readonly MarketingType[] = ['buy', 'rent'];

export interface Category {
  id: number;
  /** Translation key and icon file name. */
  name: string;
  short: string | null;
  /** null: shown for either object type (the plot). */
  objectType: ObjectType | null;
  /** Only offered in the lead wizard (mehrfamilienhaus). */
  leadOnly: boolean;
  /** Only offered for this marketing type (grundstueck: buy). */
  marketingType: MarketingType | null;
  fieldGroup: 'residential' | 'land' | 'commercial';
}

export const CATEGORIES: readonly Category[] = [
  {
    id: 30225,
    name: 'wohnung',
    short: 'eg',
    objectType: 'LIVING',
    leadOnly: false,
    marketingType: null,
    fieldGroup: 'residential',
  },
  {
    id: 22332,
    name: 'haus',
    short: 'efh',
    objectType: 'LIVING',
    leadOnly: false,
    marketingType: null,
    fieldGroup: 'residential',
  },
  {
    id: 36561,
    name: 'mehrfamilienhaus',
    short: 'mfh',
    objectType: 'LIVING',
    leadOnly: true,
    marketingType: null,
    fieldGroup: 'residential',
  },
  {
    id: 19795,
    name: 'grundstueck',
    short: 'grund',
    objectType: null,
    leadOnly: false,
    marketingType: 'buy',
    fieldGroup: 'land',
  },
  {
    id: 42723,
    name: 'buero_praxis',
    short: null,
    objectType: 'COMMERCIAL',
    leadOnly: false,
    marketingType: null,
    fieldGroup: 'commercial',
  },
  {
    id: 82397,
    name: 'einzelhandel',
    short: null,
    objectType: 'COMMERCIAL',
    leadOnly: false,
    marketingType: null,
    fieldGroup: 'commercial',
  },
  {
    id: 11080,
    name: 'hallen_lager',
    short: null,
    objectType: 'COMMERCIAL',
    leadOnly: false,
    marketingType: null,
    fieldGroup: 'commercial',
  },
  {
    id: 30911,
    name: 'gastgewerbe',
    short: null,
    objectType: 'COMMERCIAL',
    leadOnly: false,
    marketingType: null,
    fieldGroup: 'commercial',
  },
];

export const CATEGORY_IDS = CATEGORIES.map((c) => c.id);

export function categoryById(id: number): Category | undefined {
  return CATEGORIES.find((c) => c.id === id);
}

/** The categories a wizard offers for a marketing and object type (product 2.1.2, 2.3.2, 3.14). */
export function categoriesFor(
  kind: WizardKind,
  marketingType: MarketingType,
  objectType: ObjectType,
): Category[] {
  return CATEGORIES.filter(
    (c) =>
      (c.objectType === null || c.objectType === objectType) &&
      (c.marketingType === null || c.marketingType === marketingType) &&
      (kind === 'lead' || !c.leadOnly),
  );
}

export const FIELD_IDS = {
  price: 'price.price',
  livingSpace: 'area.livingSpace',
  plotArea: 'area.plotArea',
  numberRooms: 'area.numberRooms',
  yearBuilt: 'property[baujahr]',
  totalArea: 'area.totalArea',
  listedBuilding: 'property[denkmalschutz]',
  condition: 'property[zustand]',
} as const;

/** Field ids per category group (product 3.15), commercial extras last. */
export const FIELDS_BY_GROUP: Record<Category['fieldGroup'], string[]> = {
  residential: [
    FIELD_IDS.price,
    FIELD_IDS.livingSpace,
    FIELD_IDS.plotArea,
    FIELD_IDS.numberRooms,
    FIELD_IDS.yearBuilt,
  ],
  land: [FIELD_IDS.price, FIELD_IDS.plotArea],
  commercial: [
    FIELD_IDS.price,
    FIELD_IDS.plotArea,
    FIELD_IDS.yearBuilt,
    FIELD_IDS.totalArea,
    FIELD_IDS.listedBuilding,
    FIELD_IDS.condition,
  ],
};

/**
 * In the saved search, price and year built are ranges; other numbers a minimum (product 3.15,
 * decision 49).
 */
export const SEARCH_RANGE_FIELDS: readonly string[] = [FIELD_IDS.price, FIELD_IDS.yearBuilt];

export function fieldIdsFor(categoryId: number): string[] {
  const category = categoryById(categoryId);
  return category ? FIELDS_BY_GROUP[category.fieldGroup] : [];
}
